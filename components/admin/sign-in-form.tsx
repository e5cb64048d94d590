// Sign in with password (spec §7, §8). There is no "Create an account": sign-ups are closed
// (supabase/config.toml [auth] enable_signup = false), admins are created by the site owner
// (docs/BACKEND.md, "Hosted setup"), and an account made here could read nothing anyway. The form
// only collects what was typed (and a captcha token when captcha is on) and hands it to
// onSubmit: it is part of the admin page's first load, so it must not pull in supabase-js or the
// toasts (the signed-in app in admin-app.tsx does the request and shows 'Sign in Failed' toasts).
import { useState, type FormEvent } from 'react'
import { useCaptcha } from '../forms/captcha'

export type Credentials = { email: string; password: string; captchaToken?: string }

type Props = {
  onSubmit: (credentials: Credentials) => void
  busy: boolean
  /** What was typed before the app loaded, so nothing typed is lost when the forms swap. */
  initial?: Credentials | null
}

export function SignInForm({ onSubmit, busy, initial }: Props) {
  const captcha = useCaptcha()
  const [email, setEmail] = useState(initial?.email ?? '')
  const [password, setPassword] = useState(initial?.password ?? '')
  const [captchaError, setCaptchaError] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setCaptchaError(false)
    let captchaToken: string | undefined
    try {
      captchaToken = await captcha.token()
    } catch {
      // The visitor closed or failed the challenge: nothing is sent, nothing typed is lost.
      return setCaptchaError(true)
    }
    onSubmit({ email, password, captchaToken })
  }

  return (
    <section className="card admin-auth" aria-labelledby="admin-auth-heading">
      <h2 id="admin-auth-heading">Sign in</h2>
      <form className="admin-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="admin-email">Email</label>
          <input
            id="admin-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            dir="ltr"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="admin-password">Password</label>
          <input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            dir="ltr"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {captcha.enabled ? <div ref={captcha.ref} className="captcha" /> : null}
        {captchaError ? (
          <p className="field-error" role="alert">
            The captcha was not completed. Send the form again to retry.
          </p>
        ) : null}
        <p className="actions">
          <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </p>
      </form>
    </section>
  )
}
