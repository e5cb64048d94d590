// Build-time Supabase settings for the browser bundle.
//
// Production builds set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY (hosted project URL and
// its publishable/anon key). Without them the site talks to the local backend that `npm start`,
// `npm run dev` and `node --import tsx scripts/supabase-local.ts` start (server/local-services.ts).
//
// This file ships to browsers: only the anon key may ever appear here, never a service_role or
// secret key (those bypass row level security).

// The local backend's port: SUPABASE_PORT when the site was built (vite.config.ts hands it to
// the bundle as import.meta.env.VITE_SUPABASE_PORT), so `SUPABASE_PORT=55000 npm start` builds a
// site that calls the backend it starts. Only a port number: nothing secret comes this way.
export const DEFAULT_LOCAL_SUPABASE_PORT = 54321

// The PUBLIC local-development anon key: the well-known Supabase CLI demo JWT (role anon,
// iss supabase-demo), signed with the demo secret that is published in Supabase's own docs. It
// is only accepted by the local server and grants nothing on a hosted project; production
// builds set the env variables above.
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

// Vite replaces the literal `import.meta.env.VITE_…` expressions at build time, so they must be
// written out in full. Under plain Node (scripts, the local server) Vite's env object is
// undefined and reading it throws: fall back to process.env there.
function readEnv(read: () => string | undefined, name: string): string | undefined {
  try {
    return read()?.trim() || undefined
  } catch {
    return typeof process === 'undefined' ? undefined : process.env[name]?.trim() || undefined
  }
}

/** The port a SUPABASE_PORT value names; the default when unset or not a port. server/local-services.ts starts the backend there. */
export function localSupabasePort(value: string | undefined): number {
  const port = Number(value)
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : DEFAULT_LOCAL_SUPABASE_PORT
}

export const LOCAL_SUPABASE_PORT = localSupabasePort(readEnv(() => import.meta.env.VITE_SUPABASE_PORT, 'SUPABASE_PORT'))
export const LOCAL_SUPABASE_URL = `http://127.0.0.1:${LOCAL_SUPABASE_PORT}`

export const supabaseUrl = readEnv(() => import.meta.env.VITE_SUPABASE_URL, 'VITE_SUPABASE_URL') ?? LOCAL_SUPABASE_URL
export const supabaseAnonKey = readEnv(() => import.meta.env.VITE_SUPABASE_ANON_KEY, 'VITE_SUPABASE_ANON_KEY') ?? LOCAL_SUPABASE_ANON_KEY

// Lets the UI label a dev build and lets the start script know it must run the local server.
export const usingLocalSupabase = supabaseUrl === LOCAL_SUPABASE_URL
