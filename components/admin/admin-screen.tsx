// Which admin screen to show: loading → signed out (sign in) → a code is needed
// (the user has a verified TOTP factor and the session is still aal1) → signed in, where an
// admin sees the leads and anyone else a clear no-access notice.
import { useEffect, useRef, useState } from 'react'
import { useAuth } from '../../lib/auth/auth-context'
import { failureMessage } from '../../lib/auth/failure-message'
import { useToast } from '../toast/toaster'
import { LeadsView } from './leads-view'
import { MfaChallenge } from './mfa-challenge'
import { MfaSetup } from './mfa-setup'
import { SignInForm, type Credentials } from './sign-in-form'
import { SignOutButton } from './sign-out-button'

type Assurance = { current: string | null; next: string | null }

export function AdminScreen({ pending = null }: { pending?: Credentials | null }) {
  const { loading, unavailable, session, client } = useAuth()
  // The credentials typed before this module loaded are used for one sign-in only: after a
  // sign-out the form starts empty (never a silent sign-in again).
  const pendingRef = useRef(pending)
  const takePending = () => {
    const p = pendingRef.current
    pendingRef.current = null
    return p
  }
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

  // Credentials sent before this module loaded keep their form on screen (busy) meanwhile.
  if (loading)
    return pendingRef.current ? (
      <SignInForm busy initial={pendingRef.current} onSubmit={() => {}} />
    ) : (
      <p role="status" className="admin-loading">
        Loading…
      </p>
    )
  if (unavailable) return <p role="alert">The admin area could not load. Check your connection and reload the page.</p>
  if (!session) return <SignInStep take={takePending} />
  if (!assurance)
    return (
      <p role="status" className="admin-loading">
        Loading…
      </p>
    )
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
      {isAdmin ? <LeadsView canErase={assurance.current === 'aal2'} /> : <NoAccess email={session.user.email ?? ''} />}
      <MfaSetup />
    </div>
  )
}

function NoAccess({ email }: { email: string }) {
  return (
    <section className="card admin-no-access" aria-labelledby="admin-no-access">
      <h2 id="admin-no-access">No access to leads</h2>
      <p>
        You are signed in as <strong>{email}</strong>, but this account does not have the admin role, so it cannot read leads. Ask the site owner to grant the
        admin role to this account, then sign in again.
      </p>
    </section>
  )
}

// Sends the form with supabase-js. A failure is a destructive toast 'Sign in Failed' with the
// server's message, else 'Something went wrong' (spec §8). On success supabase-js emits
// SIGNED_IN and the auth context moves on to the next screen.
function SignInStep({ take }: { take: () => Credentials | null }) {
  const { client } = useAuth()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const [pending] = useState(take)
  const sentPending = useRef(false)

  async function send(c: Credentials) {
    if (!client || busy) return
    setBusy(true)
    const failedTitle = 'Sign in Failed'
    const options = c.captchaToken ? { captchaToken: c.captchaToken } : undefined
    try {
      const { error } = await client.auth.signInWithPassword({ email: c.email, password: c.password, options })
      if (error) toast({ variant: 'destructive', title: failedTitle, description: failureMessage(error) })
    } catch (error) {
      toast({ variant: 'destructive', title: failedTitle, description: failureMessage(error) })
    } finally {
      setBusy(false)
    }
  }

  // The form sent before supabase-js loaded: send it now, once.
  useEffect(() => {
    if (!pending || sentPending.current || !client) return
    sentPending.current = true
    void send(pending)
  })

  return <SignInForm busy={busy || Boolean(pending && !sentPending.current)} initial={pending} onSubmit={send} />
}
