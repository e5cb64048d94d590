// `npm run dev`: the whole site with live reload, in one process (docs/ARCHITECTURE.md §5):
//   - the local backend (server/local-services.ts), so the forms and the admin page work;
//   - velite in watch mode with every content check; problems go to .velite/problems.json;
//   - Vite + Vike dev server; server/dev/content-reload.ts re-renders and reloads the open page
//     after a content edit, and shows content problems as an error page until they are fixed.
// Environment: PORT (default 3000), HOST (default 127.0.0.1), CONTENT_DIR (another content
// folder, e.g. a temporary copy), DEV_BACKEND=off (no local backend).
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { build as velite } from 'velite'
import { createServer } from 'vite'
import { contentReload } from '../server/dev/content-reload'
import { startLocalServices, type LocalServices } from '../server/local-services'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${process.env.PORT}`)
  process.exit(2)
}

// Read by velite.config.ts: keep the last good output and report problems instead of exiting.
process.env.CONTENT_WATCH = '1'
const out = resolve(process.env.CONTENT_OUT ?? '.velite')
rmSync(`${out}/problems.json`, { force: true })
await velite({ config: 'velite.config.ts', watch: true, clean: false, logLevel: 'warn' })

const vite = await createServer({
  configFile: 'vite.config.ts',
  server: { port, host, strictPort: true },
  plugins: [contentReload(out)],
})
await vite.listen()
const url = `http://${host.includes(':') ? `[${host}]` : host}:${(vite.httpServer!.address() as { port: number }).port}`

let services: LocalServices | undefined
if (process.env.DEV_BACKEND !== 'off') services = await startLocalServices({ siteUrl: url })
console.log(`Dev site: ${url}/  (English home; /tr/, /de/, /fr/, /es/, /it/, /ar/). Content and code reload live.`)
for (const line of services?.lines ?? []) console.log(line)

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  await vite.close()
  await services?.stop() // a clean close flushes PGlite's files
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
