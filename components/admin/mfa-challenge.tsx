// Second step of sign-in for a user with a verified TOTP factor: the session is aal1 and the
// leads need aal2 (supabase/migrations/0001_leads.sql). challengeAndVerify() upgrades the
// session; supabase-js then emits MFA_CHALLENGE_VERIFIED and the auth context moves on.
import { useEffect, useState, type FormEvent } from 'react'
import { useAuth } from '../../lib/auth/auth-context'
import { SignOutButton } from './sign-out-button'
import { TotpCodeField } from './totp-code-field'

export function MfaChallenge() {
  const { client } = useAuth()
  const [factorId, setFactorId] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    client?.auth.mfa.listFactors().then(({ data, error: listError }) => {
      if (listError) setError(`Your authenticator could not be found: ${listError.message}`)
      else setFactorId(data.totp[0]?.id ?? null)
    })
  }, [client])

  async function verify(event: FormEvent) {
    event.preventDefault()
    if (!client || !factorId || busy) return
    setBusy(true)
    setError(null)
    const { error: verifyError } = await client.auth.mfa.challengeAndVerify({ factorId, code })
    setBusy(false)
    if (verifyError) setError(`The code was not accepted: ${verifyError.message}. Enter the current code and try again.`)
  }

  return (
    <section className="card admin-auth" aria-labelledby="admin-mfa-heading">
      <h2 id="admin-mfa-heading">Two-factor authentication</h2>
      <p>Enter the six-digit code that your authenticator app shows for this account.</p>
      <form className="admin-form" onSubmit={verify}>
        <TotpCodeField id="admin-mfa-code" value={code} onChange={setCode} error={error} />
        <p className="actions">
          <button type="submit" className="btn btn-primary" aria-disabled={busy || !factorId || undefined}>
            {busy ? 'Verifying…' : 'Verify'}
          </button>
          <SignOutButton />
        </p>
      </form>
    </section>
  )
}
