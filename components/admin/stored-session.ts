// Whether this browser holds a saved admin session, read without loading supabase-js: the
// admin page then loads supabase-js at once (the session will be restored); otherwise it shows
// the sign-in form first and loads supabase-js only when that form is sent, so the sign-in page stays small.
import { supabaseUrl } from '../../lib/supabase/config'

/** supabase-js 2.x's default storage key (SupabaseClient: `sb-${hostname.split('.')[0]}-auth-token`). */
export const sessionStorageKey = () => `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`

export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(sessionStorageKey()) !== null
  } catch {
    return false // storage blocked: supabase-js could not have saved a session either
  }
}
