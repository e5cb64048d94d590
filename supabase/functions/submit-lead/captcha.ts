// Server-side captcha verification: hCaptcha (the site's widget) or Cloudflare Turnstile, the
// one whose secret is set. Both take the same form post and answer {"success": boolean}, with the
// hostname the token was solved on (and, for Turnstile, the widget's action): a token solved on
// another site, or for another action, is refused where the provider says so.
import type { Env } from './env.ts'

export interface CaptchaConfig {
  provider: 'hcaptcha' | 'turnstile'
  secret: string
  verifyUrl: string
  /** Hostnames a token may come from (CAPTCHA_HOSTNAMES, else those of ALLOWED_ORIGINS). */
  hostnames?: string[]
  /** The widget's action, checked when the provider returns one (CAPTCHA_ACTION). */
  action?: string
}

export function captchaFromEnv(env: Env): CaptchaConfig | undefined {
  const list = (v: string | undefined) =>
    v
      ?.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean)
  const fromOrigins = list(env('ALLOWED_ORIGINS'))?.flatMap((o) => {
    try {
      return [new URL(o).hostname]
    } catch {
      return []
    }
  })
  const hostnames = list(env('CAPTCHA_HOSTNAMES')) ?? fromOrigins
  const checks = { ...(hostnames?.length ? { hostnames } : {}), ...(env('CAPTCHA_ACTION') ? { action: env('CAPTCHA_ACTION') } : {}) }
  const turnstile = env('TURNSTILE_SECRET')
  if (turnstile) {
    return {
      provider: 'turnstile',
      secret: turnstile,
      verifyUrl: env('TURNSTILE_VERIFY_URL') ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      ...checks,
    }
  }
  const hcaptcha = env('HCAPTCHA_SECRET')
  if (hcaptcha) {
    return { provider: 'hcaptcha', secret: hcaptcha, verifyUrl: env('HCAPTCHA_VERIFY_URL') ?? 'https://api.hcaptcha.com/siteverify', ...checks }
  }
  return undefined
}

export async function verifyCaptcha(cfg: CaptchaConfig, token: string, remoteIp: string | undefined): Promise<boolean> {
  const form = new URLSearchParams({ secret: cfg.secret, response: token })
  if (remoteIp) form.set('remoteip', remoteIp)
  try {
    const res = await fetch(cfg.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) })
    if (!res.ok) return false
    const body = (await res.json()) as { success?: unknown; hostname?: unknown; action?: unknown }
    if (body.success !== true) return false
    // Checked where the provider returns them: a token solved on another site or for another action.
    if (cfg.hostnames && typeof body.hostname === 'string' && body.hostname && !cfg.hostnames.includes(body.hostname.toLowerCase())) return false
    if (cfg.action && typeof body.action === 'string' && body.action && body.action !== cfg.action) return false
    return true
  } catch {
    // The verifier being unreachable must not open the gate.
    return false
  }
}
