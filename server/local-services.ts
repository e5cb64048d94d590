// The backend services the site needs on this machine, for `npm run dev` (scripts/dev.ts) and
// anything else that runs the site locally: the local Supabase stand-in (forms, admin). Add
// further local services (a mail catcher, …) here so every entry point starts the same set.
import { usingLocalSupabase } from '../lib/supabase/config'
import { startLocalSupabase } from './local-supabase/index'

export type LocalServices = { lines: string[]; stop(): Promise<void> }

export async function startLocalServices(opts: { siteUrl: string }): Promise<LocalServices> {
  const lines: string[] = []
  const stops: (() => Promise<void>)[] = []
  if (usingLocalSupabase && !process.env.VITE_SUPABASE_URL) {
    try {
      const backend = await startLocalSupabase({ port: 54321, dataDir: '.data/pglite' })
      stops.push(() => backend.stop())
      lines.push(`Backend:  ${backend.url}  (local Supabase stand-in, data in .data/pglite)`)
      lines.push(`Admin:    ${opts.siteUrl}/en/admin/  (admin@example.com / netting-admin-2026)`)
    } catch (e) {
      // The site still works without it; only the forms and the admin page need it.
      lines.push(`Backend:  NOT started (${e instanceof Error ? e.message : String(e)}); forms will fail. Is \`npm start\` running?`)
    }
  }
  return { lines, stop: async () => void (await Promise.all(stops.map((s) => s()))) }
}
