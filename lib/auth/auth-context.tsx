// The authentication context of spec §4, over supabase-js (which does the storage, refresh and
// events): it starts loading; INITIAL_SESSION (the stored session has been read), SIGNED_IN,
// SIGNED_OUT, TOKEN_REFRESHED and MFA_CHALLENGE_VERIFIED each replace the session and user and
// end loading. supabase-js refreshes the session near expiry (autoRefreshToken), removes an
// invalid stored session, and removes the session after a refresh fails for good; those end in
// one of the events above.
//
// Browser only: the client (and supabase-js) load when the provider mounts.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js'
import { getSupabase } from '../supabase/client'

export const SESSION_EVENTS: ReadonlySet<AuthChangeEvent> = new Set<AuthChangeEvent>([
  'INITIAL_SESSION',
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'MFA_CHALLENGE_VERIFIED',
])

export type AuthState = {
  loading: boolean
  session: Session | null
  user: User | null
  /** Set once supabase-js has loaded; null while loading or if it could not load. */
  client: SupabaseClient | null
  /** supabase-js could not be loaded (offline, blocked script): nothing can be done here. */
  unavailable: boolean
}

const INITIAL: AuthState = { loading: true, session: null, user: null, client: null, unavailable: false }
const AuthContext = createContext<AuthState | null>(null)

/** The next state after an auth event: unchanged for events the spec does not list. */
export function onAuthEvent(state: AuthState, event: AuthChangeEvent, session: Session | null): AuthState {
  if (!SESSION_EVENTS.has(event)) return state
  return { ...state, session, user: session?.user ?? null, loading: false }
}

export function AuthProvider({ children, loadClient = () => getSupabase('session') }: { children: ReactNode; loadClient?: () => Promise<SupabaseClient> }) {
  const [state, setState] = useState<AuthState>(INITIAL)

  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribes once per provider; loadClient's default is a new function each render and re-running would reload and re-subscribe
  useEffect(() => {
    let unsubscribe = () => {}
    let active = true
    loadClient().then(
      (client) => {
        if (!active) return
        setState((s) => ({ ...s, client }))
        // Only setState in here: supabase-js awaits this callback while it holds its auth lock,
        // so calling other auth methods from inside it could deadlock.
        const { data } = client.auth.onAuthStateChange((event, session) => {
          setState((s) => onAuthEvent(s, event, session))
        })
        unsubscribe = () => data.subscription.unsubscribe()
      },
      (error: unknown) => {
        console.error('lib/auth/auth-context.tsx: supabase-js could not be loaded', error)
        if (active) setState((s) => ({ ...s, loading: false, unavailable: true }))
      },
    )
    return () => {
      active = false
      unsubscribe()
    }
    // The client is created once per page (lib/supabase/client.ts).
  }, [])

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth() must be used inside <AuthProvider>')
  return value
}
