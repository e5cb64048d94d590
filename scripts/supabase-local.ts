// Starts the local Supabase stand-in: node --import tsx scripts/supabase-local.ts
//   --port <n>        default 54321
//   --data-dir <dir>  default .data/pglite (git-ignored; survives restarts)
//   --memory          throwaway in-memory database
//   --quiet           no per-request log lines
import { parseArgs } from 'node:util'
import { ADMIN_EMAIL, ADMIN_PASSWORD, DEFAULT_DATA_DIR, DEFAULT_PORT, startLocalSupabase } from '../server/local-supabase/index'

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    memory: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
})

const port = values.port === undefined ? DEFAULT_PORT : Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`)
  process.exit(2)
}
const dataDir = values['data-dir'] ?? DEFAULT_DATA_DIR

const sb = await startLocalSupabase({
  port,
  dataDir,
  memory: values.memory,
  log: values.quiet ? undefined : (line) => console.log(line),
}).catch((e: unknown) => {
  console.error(`Could not start the local Supabase server: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
})

console.log(`Local Supabase running (local development only)
  API URL:          ${sb.url}
  anon key:         ${sb.anonKey}
  service_role key: ${sb.serviceRoleKey}   (bypasses RLS; never ship it)
  database:         ${values.memory ? 'in memory (lost on exit)' : dataDir}
  admin login:      ${ADMIN_EMAIL} / ${ADMIN_PASSWORD}
  lead intake:      ${sb.url}/functions/v1/submit-lead
  lead mail:        ${process.env.SMTP_URL ? `SMTP_URL (${new URL(process.env.SMTP_URL).host})` : 'SMTP_URL not set: leads are stored and marked "notification failed"'}
Press Ctrl+C to stop.`)

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  // A clean close flushes PGlite's files; killing it mid-write can corrupt the data dir.
  await sb.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
