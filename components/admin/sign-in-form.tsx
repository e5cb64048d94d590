// Sign in with password, or create an account (spec §7, §8). Failures are destructive toasts
// 'Sign in Failed' / 'Sign up Failed' with the server's message, else 'Something went wrong'.
// On success supabase-js emits SIGNED_IN and the auth context moves on to the next screen.
import { useState, type FormEvent } from 'react'
import { useAuth } from '../../lib/auth/auth-context'
import { failureMessage } from '../../lib/auth/failure-message'
import { useCaptcha } from '../forms/captcha'
import { useToast } from '../toast/toaster'

type Mode = 'sign-in' | 'sign-up'

export function SignInForm() {
  const { client } = useAuth()
  const toast = useToast()
  const captcha = useCaptcha()
  const [mode, setMode] = useState<Mode>('sign-in')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const signUp = mode === 'sign-up'
  const failedTitle = signUp ? 'Sign up Failed' : 'Sign in Failed'

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!client || busy) return
    setBusy(true)
    try {
      const captchaToken = await captcha.token()
      const options = captchaToken ? { captchaToken } : undefined
      if (signUp) {
        const { data, error } = await client.auth.signUp({ email, password, options })
        if (error) toast({ variant: 'destructive', title: failedTitle, description: failureMessage(error) })
        // A project that confirms email addresses returns a user without a session.
        else if (!data.session) toast({ title: 'Check your email', description: 'Open the confirmation link we sent you, then sign in.' })
      } else {
        const { error } = await client.auth.signInWithPassword({ email, password, options })
        if (error) toast({ variant: 'destructive', title: failedTitle, description: failureMessage(error) })
      }
    } catch (error) {
      toast({ variant: 'destructive', title: failedTitle, description: failureMessage(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card admin-auth" aria-labelledby="admin-auth-heading">
      <h2 id="admin-auth-heading">{signUp ? 'Create an account' : 'Sign in'}</h2>
      <form className="admin-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="admin-email">Email</label>
          <input id="admin-email" name="email" type="email" autoComplete="username" required dir="ltr" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="admin-password">Password</label>
          <input
            id="admin-password"
            name="password"
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            required
            minLength={signUp ? 8 : undefined}
            dir="ltr"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {captcha.enabled ? <div ref={captcha.ref} className="captcha" /> : null}
        <p className="actions">
          <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
            {busy ? (signUp ? 'Creating account…' : 'Signing in…') : signUp ? 'Create account' : 'Sign in'}
          </button>
          <button type="button" className="btn-link" onClick={() => setMode(signUp ? 'sign-in' : 'sign-up')}>
            {signUp ? 'I already have an account' : 'Create an account'}
          </button>
        </p>
      </form>
    </section>
  )
}
