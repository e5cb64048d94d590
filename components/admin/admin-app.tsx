// The admin area once it is needed (English only, so its texts are plain English here rather
// than UI keys). admin-gate.tsx loads this module when the sign-in form is sent or a saved
// session exists: it brings the toast library and, through the auth context, supabase-js, none
// of which the page loads before sign-in.
import { AuthProvider } from '../../lib/auth/auth-context'
import { Toaster } from '../toast/toaster'
import { AdminScreen } from './admin-screen'
import type { Credentials } from './sign-in-form'

export function AdminApp({ pending }: { pending: Credentials | null }) {
  return (
    <Toaster>
      <AuthProvider>
        <AdminScreen pending={pending} />
      </AuthProvider>
    </Toaster>
  )
}
