// The local backend alone: node --import tsx scripts/supabase-local.ts
//   --port <n>        default SUPABASE_PORT, else 54321 (0 = any free port)
//   --data-dir <dir>  default .data/pglite (git-ignored; survives restarts)
//   --memory          throwaway in-memory database
//   --quiet           no per-request log lines
// The same services as `npm start` and `npm run dev` (server/local-services.ts): maildev runs
// unless SMTP_URL is set, and lead mails link to the site on PORT (or SITE_URL).
import { parseArgs } from 'node:util'
import { startLocalServices, stopOnSignals } from '../server/local-services'

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    memory: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
})

const port = values.port === undefined ? undefined : Number(values.port)
if (port !== undefined && (!/^\d+$/.test(values.port ?? '') || port > 65535)) {
  console.error(`--port must be a port number, got ${values.port}`)
  process.exit(2)
}

const services = await startLocalServices({
  port,
  dataDir: values['data-dir'],
  memory: values.memory,
  log: values.quiet ? undefined : (line) => console.log(line),
}).catch((e: unknown) => {
  console.error(`Could not start the local Supabase server: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
})
stopOnSignals(services.stop)

const { backend } = services
console.log(`${services.lines.join('\n')}
Intake:   ${backend.url}/functions/v1/submit-lead
Keys (local development only; each in its new form and its legacy JWT form):
  publishable:        ${backend.publishableKey}
  anon:               ${backend.anonKey}
  secret:             ${backend.secretKey}   (bypasses RLS; never ship it)
  service_role:       ${backend.serviceRoleKey}   (bypasses RLS too)
Press Ctrl+C to stop.`)
