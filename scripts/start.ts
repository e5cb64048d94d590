// `npm start`: the whole site on this machine with its embedded defaults, no accounts or keys:
// the built static site on http://127.0.0.1:3000 and the local Supabase stand-in on :54321.
import { startLocalSupabase } from '../server/local-supabase/index'
import { startStaticServer } from '../server/preview/static-server'
import { usingLocalSupabase } from '../lib/supabase/config'

const port = Number(process.env.PORT ?? 3000)
const site = await startStaticServer({ root: 'dist/client', port })
console.log(`Site:     ${site.url}/  (English home; /tr, /de, /fr, /es, /it, /ar)`)
if (usingLocalSupabase && !process.env.VITE_SUPABASE_URL) {
  const backend = await startLocalSupabase({ port: 54321, dataDir: '.data/pglite' })
  console.log(`Backend:  ${backend.url}  (local Supabase stand-in, data in .data/pglite)`)
  console.log(`Admin:    ${site.url}/en/admin/  (admin@example.com / netting-admin-2026)`)
}
