// `npm start` (after the build) and `npm run preview`: the built site on this machine with its
// embedded defaults, no accounts or keys: the static site on http://127.0.0.1:PORT (default
// 3000) and the local services (server/local-services.ts: the Supabase stand-in on
// SUPABASE_PORT, maildev unless SMTP_URL is set), unless the site was built for a hosted
// Supabase project.
import { usingLocalSupabase } from '../lib/supabase/config'
import { DEFAULT_SITE_PORT, portSetting, startLocalServices, stopOnSignals, type LocalServices } from '../server/local-services'
import { startStaticServer } from '../server/preview/static-server'

let port: number
try {
  port = portSetting(process.env, 'PORT', DEFAULT_SITE_PORT, { allowZero: true })
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e))
  process.exit(2)
}
const site = await startStaticServer({ root: 'dist/client', port })
console.log(`Site:     ${site.url}/  (English home; /tr, /de, /fr, /es, /it, /ar)`)

let services: LocalServices | undefined
if (usingLocalSupabase) {
  services = await startLocalServices({ siteUrl: site.url }).catch((e: unknown) => {
    console.error(`Backend:  could not start: ${e instanceof Error ? e.message : String(e)}`)
    process.exit(1)
  })
  for (const line of services.lines) console.log(line)
}

stopOnSignals(async () => {
  await new Promise<void>((done) => {
    site.close(() => done())
    site.closeAllConnections()
  })
  await services?.stop()
})
