// Invisible hCaptcha, shown as an inline badge (spec §7), only when the build sets
// VITE_HCAPTCHA_SITE_KEY. The script comes from js.hcaptcha.com (allowed by the CSP in
// lib/build/headers.ts). If it fails to load, the spec asks for a warning only: the form still
// works, without a token.
//
// Where the token is checked: the lead forms send it with the lead to the intake function
// (lib/leads/submit.ts), which verifies it with hCaptcha when the server has a captcha secret.
// Supabase Auth verifies it on sign-in when captcha protection is on (the admin page).
import { useCallback, useEffect, useRef } from 'react'
import { hcaptchaSiteKey } from './captcha-key'

export { hcaptchaSiteKey }

const READY = '__elastinetHcaptchaReady'
const SCRIPT = `https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off&onload=${READY}`
/** Longest wait for the script before sending without a token (a hung CDN must not block). */
const LOAD_TIMEOUT_MS = 10_000

type HCaptcha = {
  render(container: HTMLElement, params: { sitekey: string; size: 'invisible'; badge: 'inline' }): string
  execute(widgetId: string, options: { async: true }): Promise<{ response: string }>
  reset(widgetId: string): void
}
type HCaptchaWindow = Window & { hcaptcha?: HCaptcha; [READY]?: () => void }

let script: Promise<HCaptcha | null> | undefined

function loadScript(): Promise<HCaptcha | null> {
  script ??= new Promise((resolve) => {
    const w = window as HCaptchaWindow
    const timer = setTimeout(() => {
      console.warn(`hCaptcha: ${SCRIPT} did not load within ${LOAD_TIMEOUT_MS} ms; continuing without a captcha`)
      resolve(null)
    }, LOAD_TIMEOUT_MS)
    w[READY] = () => {
      clearTimeout(timer)
      resolve(w.hcaptcha ?? null)
    }
    const tag = document.createElement('script')
    tag.src = SCRIPT
    tag.async = true
    tag.onerror = () => {
      clearTimeout(timer)
      console.warn(`hCaptcha: ${SCRIPT} failed to load; continuing without a captcha`)
      resolve(null)
    }
    document.head.append(tag)
  })
  return script
}

export type Widget = { api: HCaptcha; id: string } | null

/** Renders the invisible widget into `element` (an empty <div> in the form; the badge shows
 *  there); null when no captcha is configured or its script is unavailable. */
export function mountCaptcha(element: HTMLElement): Promise<Widget> {
  if (!hcaptchaSiteKey) return Promise.resolve(null)
  return loadScript().then((api) => {
    if (!api) return null
    try {
      return { api, id: api.render(element, { sitekey: hcaptchaSiteKey, size: 'invisible', badge: 'inline' }) }
    } catch (error) {
      console.warn('hCaptcha: the widget could not be rendered; continuing without a captcha', error)
      return null
    }
  })
}

/** Runs the invisible challenge: the response, or undefined without a widget. Rejects when the
 *  visitor fails or closes the challenge. */
export async function captchaToken(w: Widget): Promise<string | undefined> {
  if (!w) return undefined
  try {
    return (await w.api.execute(w.id, { async: true })).response
  } finally {
    w.api.reset(w.id) // a token is single-use
  }
}

/**
 * `ref` goes on an empty <div> inside the form (the badge renders there); `token()` runs the
 * invisible challenge and resolves to the response, or to undefined when no captcha is
 * configured or its script is unavailable. It rejects when the visitor fails or closes the
 * challenge. (The lead forms use ./lazy-captcha.ts, which loads this module only when needed.)
 */
export function useCaptcha() {
  const ref = useRef<HTMLDivElement>(null)
  const widget = useRef<Promise<Widget> | null>(null)

  useEffect(() => {
    if (ref.current) widget.current = mountCaptcha(ref.current)
  }, [])

  const token = useCallback(async () => captchaToken(await widget.current), [])

  return { ref, enabled: hcaptchaSiteKey !== '', token }
}
