// Server-side captcha verification: hCaptcha (the site's widget) or Cloudflare Turnstile, the
// one whose secret is set. Both take the same form post and answer {"success": boolean}.
import type { Env } from './env.ts'

export interface CaptchaConfig {
  provider: 'hcaptcha' | 'turnstile'
  secret: string
  verifyUrl: string
}

export function captchaFromEnv(env: Env): CaptchaConfig | undefined {
  const turnstile = env('TURNSTILE_SECRET')
  if (turnstile) {
    return {
      provider: 'turnstile',
      secret: turnstile,
      verifyUrl: env('TURNSTILE_VERIFY_URL') ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    }
  }
  const hcaptcha = env('HCAPTCHA_SECRET')
  if (hcaptcha) {
    return { provider: 'hcaptcha', secret: hcaptcha, verifyUrl: env('HCAPTCHA_VERIFY_URL') ?? 'https://api.hcaptcha.com/siteverify' }
  }
  return undefined
}

export async function verifyCaptcha(cfg: CaptchaConfig, token: string, remoteIp: string | undefined): Promise<boolean> {
  const form = new URLSearchParams({ secret: cfg.secret, response: token })
  if (remoteIp) form.set('remoteip', remoteIp)
  try {
    const res = await fetch(cfg.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) })
    if (!res.ok) return false
    const body = (await res.json()) as { success?: unknown }
    return body.success === true
  } catch {
    // The verifier being unreachable must not open the gate.
    return false
  }
}
