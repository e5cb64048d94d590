// useCaptcha() for the lead forms: the same invisible hCaptcha (./captcha.ts), but its code
// loads only when the build configures a site key, so a form without a captcha ships none of it
// on first load (budgets.json, islandPageJs).
import { useEffect, useRef } from 'react'
import { hcaptchaSiteKey } from './captcha-key'
import type { Widget } from './captcha'

const load = () => import('./captcha')

export function useLazyCaptcha() {
  const ref = useRef<HTMLDivElement>(null)
  const widget = useRef<Promise<Widget> | null>(null)

  useEffect(() => {
    const element = ref.current
    if (hcaptchaSiteKey && element) widget.current = load().then((m) => m.mountCaptcha(element))
  }, [])

  /** The challenge's response; undefined without a captcha; rejects if the visitor fails it. */
  async function token(): Promise<string | undefined> {
    if (!widget.current) return undefined
    const [m, w] = await Promise.all([load(), widget.current])
    return m.captchaToken(w)
  }

  return { ref, enabled: hcaptchaSiteKey !== '', token }
}
