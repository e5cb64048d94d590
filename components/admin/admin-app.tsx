// The admin area (English only, so its texts are plain English here rather than UI keys).
// pages/interactive/admin/+Page.tsx loads this module after hydration: it brings the toast
// library and, through the auth context, supabase-js, none of which count toward the page's
// first-load JavaScript.
import { AuthProvider } from '../../lib/auth/auth-context'
import { Toaster } from '../toast/toaster'
import { AdminScreen } from './admin-screen'

export function AdminApp() {
  return (
    <Toaster>
      <AuthProvider>
        <AdminScreen />
      </AuthProvider>
    </Toaster>
  )
}
