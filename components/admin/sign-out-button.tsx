// Sign-out (spec §8): a failure shows the destructive toast 'Sign out Failed'. supabase-js
// already treats a 401, 403 or 404 from the server as success and removes the local session
// (the session is gone or invalid anyway); SIGNED_OUT then shows the sign-in form.
import { useState } from 'react'
import { useAuth } from '../../lib/auth/auth-context'
import { failureMessage } from '../../lib/auth/failure-message'
import { useToast } from '../toast/toaster'

export function SignOutButton() {
  const { client } = useAuth()
  const toast = useToast()
  const [busy, setBusy] = useState(false)

  async function signOut() {
    if (!client || busy) return
    setBusy(true)
    try {
      const { error } = await client.auth.signOut()
      if (error) toast({ variant: 'destructive', title: 'Sign out Failed', description: failureMessage(error) })
    } catch (error) {
      toast({ variant: 'destructive', title: 'Sign out Failed', description: failureMessage(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <button type="button" className="btn btn-secondary" onClick={signOut} aria-disabled={busy || undefined}>
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  )
}
