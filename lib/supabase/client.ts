// The page's one supabase-js client, created on first use in the browser.
//
// supabase-js is ~50 KB gzip: it is imported here with a dynamic import() so Vite puts it in a
// chunk of its own that loads when a form is first used or the admin page starts, never in a
// page's first-load JS and never during prerendering. Do not add a static import of
// '@supabase/supabase-js' (type-only imports are fine: they are erased).
import type { SupabaseClient } from '@supabase/supabase-js'
import { supabaseAnonKey, supabaseUrl } from './config'

/**
 * 'anon': the lead forms. No session is read, stored or refreshed: a visitor's insert always
 * runs as anon, even in a browser where someone is signed in to the admin page.
 * 'session': the admin page. Spec §9 defaults: the session persists in localStorage (key derived
 * from the backend host), refreshes itself near expiry, and is read from the URL after a redirect.
 */
export type ClientMode = 'anon' | 'session'

let current: { mode: ClientMode; client: Promise<SupabaseClient> } | undefined

export function getSupabase(mode: ClientMode): Promise<SupabaseClient> {
  if (typeof window === 'undefined') {
    throw new Error('lib/supabase/client.ts: getSupabase() runs in the browser only (it was called during prerendering)')
  }
  if (current) {
    if (current.mode !== mode) throw new Error(`lib/supabase/client.ts: this page already has a "${current.mode}" client; one client per page`)
    return current.client
  }
  const session = mode === 'session'
  const client = import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(supabaseUrl, supabaseAnonKey, {
      auth: { persistSession: session, autoRefreshToken: session, detectSessionInUrl: session },
    }),
  )
  current = { mode, client }
  // A chunk that failed to load (offline for a moment) must not stay failed for the page's life.
  client.catch(() => {
    if (current?.client === client) current = undefined
  })
  return client
}
