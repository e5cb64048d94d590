// Playwright globalSetup: serves dist/client (the preview server `npm start` uses) and starts the
// local Supabase stand-in, each on a FREE port, for the whole e2e run. Both URLs reach the
// workers through process.env (Playwright starts the workers after this runs):
//   E2E_BASE_URL      the site, used as `baseURL` (playwright.config.ts)
//   E2E_SUPABASE_URL  the test backend, for Node-side clients in the specs
// The built site itself calls http://127.0.0.1:54321 (lib/supabase/config.ts); the `context`
// fixture in tests/e2e/fixtures.ts routes those browser requests to E2E_SUPABASE_URL, so the
// tests run while `npm start` holds port 54321 and never touch its data.
import { existsSync } from 'node:fs'
import { startLocalSupabase } from '../../server/local-supabase/index'
import { startStaticServer } from '../../server/preview/static-server'

export default async function globalSetup() {
  if (!existsSync('dist/client/index.html')) throw new Error('dist/client is missing: run `npm run build` before the e2e tests')
  const site = await startStaticServer({ root: 'dist/client', port: 0 })
  // A fresh in-memory database per run, with the seeded admin.
  const backend = await startLocalSupabase({ port: 0, memory: true })
  process.env.E2E_BASE_URL = site.url
  process.env.E2E_SUPABASE_URL = backend.url
  return async () => {
    await new Promise<void>((resolve) => {
      site.close(() => resolve())
      site.closeAllConnections()
    })
    await backend.stop()
  }
}
