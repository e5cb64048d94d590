// The admin page's first-load part, kept small (budgets.json, adminBeforeSignInJs). It
// shows the sign-in form with React alone; supabase-js, the toasts and the inbox (admin-app.tsx,
// a separate chunk) load when the form is sent, or at once when this browser holds a saved
// session that supabase-js will restore. What was typed goes along, so nothing is retyped.
import { useEffect, useState, type ComponentType } from 'react'
import { SignInForm, type Credentials } from './sign-in-form'
import { hasStoredSession } from './stored-session'

type App = ComponentType<{ pending: Credentials | null }>

export function AdminGate() {
  const [App, setApp] = useState<App | null>(null)
  const [pending, setPending] = useState<Credentials | null>(null)
  const [ready, setReady] = useState(false)
  const [failed, setFailed] = useState(false)

  const load = () => {
    setFailed(false)
    import('./admin-app').then(
      (m) => setApp(() => m.AdminApp),
      (error: unknown) => {
        console.error('components/admin/admin-gate.tsx: the admin app could not be loaded', error)
        setFailed(true)
      },
    )
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount (restore a saved session); load is a new function each render and listing it would re-import on every render
  useEffect(() => {
    if (hasStoredSession()) load()
    else setReady(true)
  }, [])

  if (App) return <App pending={pending} />
  const alert = failed ? <p role="alert">The admin area could not load. Check your connection and try again.</p> : null
  // The prerendered HTML and the first client render are this notice; the form replaces it once
  // React has hydrated, so the form is interactive the moment it appears.
  if (!ready)
    return (
      alert ?? (
        <p role="status" className="admin-loading">
          Loading…
        </p>
      )
    )
  return (
    <>
      {alert}
      <SignInForm
        busy={Boolean(pending) && !failed}
        initial={pending}
        onSubmit={(credentials) => {
          setPending(credentials)
          load()
        }}
      />
    </>
  )
}
