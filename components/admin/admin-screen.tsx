// Which admin screen to show: loading → signed out (sign in / sign up) → a code is needed
// (the user has a verified TOTP factor and the session is still aal1) → signed in, where an
// admin sees the leads and anyone else a clear no-access notice.
import { useEffect, useState } from 'react'
import { useAuth } from '../../lib/auth/auth-context'
import { LeadsView } from './leads-view'
import { MfaChallenge } from './mfa-challenge'
import { MfaSetup } from './mfa-setup'
import { SignInForm } from './sign-in-form'
import { SignOutButton } from './sign-out-button'

type Assurance = { current: string | null; next: string | null }

export function AdminScreen() {
  const { loading, unavailable, session, client } = useAuth()
  const [assurance, setAssurance] = useState<Assurance | null>(null)

  // Read from the session's JWT and user (no request); again whenever the session changes.
  useEffect(() => {
    setAssurance(null)
    if (!client || !session) return
    let current = true
    client.auth.mfa.getAuthenticatorAssuranceLevel().then(({ data }) => {
      if (current) setAssurance({ current: data?.currentLevel ?? null, next: data?.nextLevel ?? null })
    })
    return () => {
      current = false
    }
  }, [client, session])

  if (loading) return <p role="status" className="admin-loading">Loading…</p>
  if (unavailable) return <p role="alert">The admin area could not load. Check your connection and reload the page.</p>
  if (!session) return <SignInForm />
  if (!assurance) return <p role="status" className="admin-loading">Loading…</p>
  if (assurance.current === 'aal1' && assurance.next === 'aal2') return <MfaChallenge />

  const isAdmin = session.user.app_metadata?.role === 'admin'
  return (
    <div className="admin-signed-in">
      <div className="admin-bar">
        <p>
          Signed in as <strong>{session.user.email}</strong>
        </p>
        <SignOutButton />
      </div>
      {isAdmin ? <LeadsView /> : <NoAccess email={session.user.email ?? ''} />}
      <MfaSetup />
    </div>
  )
}

function NoAccess({ email }: { email: string }) {
  return (
    <section className="card admin-no-access" aria-labelledby="admin-no-access">
      <h2 id="admin-no-access">No access to leads</h2>
      <p>
        You are signed in as <strong>{email}</strong>, but this account does not have the admin role, so it cannot read
        leads. Ask the site owner to grant the admin role to this account, then sign in again.
      </p>
    </section>
  )
}
