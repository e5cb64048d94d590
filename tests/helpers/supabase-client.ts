// A supabase-js client for tests that talk to a (local) backend from Node: no session kept
// between clients, and a realtime transport that throws if a test ever uses realtime (the client
// needs one where Node has no WebSocket of its own, as Node 20).
import { createClient, type SupabaseClient } from '@supabase/supabase-js'

class NoRealtime {
  constructor() {
    throw new Error('realtime is not used in tests')
  }
}

export function testClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
  })
}
