// `npm run dev`: the whole site with live reload, in one process (docs/ARCHITECTURE.md §5):
//   - the local services as `npm start` runs them (server/local-services.ts: the Supabase
//     stand-in on SUPABASE_PORT, maildev unless SMTP_URL is set), so the forms, the admin page
//     and the lead mails work;
//   - velite with every content check, one build at a time after each change
//     (server/dev/serial-builds.ts); problems go to .velite/problems.json;
//   - Vite + Vike dev server; server/dev/content-reload.ts re-renders and reloads the open page
//     after a content edit, and shows content problems as an error page until they are fixed.
// Environment: PORT (default 3000), HOST (default 127.0.0.1), CONTENT_DIR (another content
// folder, e.g. a temporary copy), DEV_BACKEND=off (no local services), DEV_MARK_MISSING=0 (no
// marks on texts shown in English); SUPABASE_PORT, SMTP_URL and the maildev ports as for `npm start`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { build as velite } from 'velite'
import { createServer } from 'vite'
import { contentOutDir } from '../lib/content/output-dir'
import { contentReload } from '../server/dev/content-reload'
import { serialBuilds } from '../server/dev/serial-builds'
import { usingLocalSupabase } from '../lib/supabase/config'
import { startLocalServices, stopOnSignals, type LocalServices } from '../server/local-services'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${process.env.PORT}`)
  process.exit(2)
}

// Read by velite.config.ts: keep the last good output and report problems instead of exiting.
process.env.CONTENT_WATCH = '1'
// Read by the renderer (lib/i18n/missing-marks.ts): each text a page shows in English for want of
// a translation is marked, with a banner counting them. A build never marks: the flag also needs
// Vite's import.meta.env.DEV, false in the production bundle.
process.env.DEV_MARK_MISSING ??= '1'
const out = contentOutDir()
const contentRoot = resolve(process.env.CONTENT_DIR ?? 'content')
rmSync(`${out}/problems.json`, { force: true })
// Not velite's watch mode, which runs a rebuild per changed file side by side (the last to
// finish wins, and it may have read a file before its latest save): one build at a time, each
// reading every file. A content edit builds with the config already loaded (velite.config.ts
// leaves it on globalThis; `reuse` is a config file handing it over), so velite does not bundle
// and import the config and lib/ again; unchanged files are not parsed again
// (lib/content/loaders.ts) nor compiled (the MDX cache). An edit of the config or of lib/ loads
// the config afresh. velite's .velite/index.d.ts then imports its types from `reuse`, which has
// the real config's type (a type-only import, which the bundling drops).
const reuse = resolve('.generated/dev/velite.config.ts')
mkdirSync(dirname(reuse), { recursive: true })
writeFileSync(
  reuse,
  `// Written by scripts/dev.ts: the content config this process has already loaded.
import type config from '../../velite.config.ts'
export default (globalThis as unknown as { contentConfig: typeof config }).contentConfig
`,
)
let configChanged = true
// Started with an IPC channel (tests/helpers/dev-session.ts), the server reports each content
// build's start and end on it, and whether a source changed meanwhile: the dev-server test saves a
// file while a build runs by waiting for that start, rather than guessing how long a build takes.
let building = false
let changedDuringBuild = false
const buildContent = async () => {
  const fresh = configChanged
  configChanged = false
  building = true
  changedDuringBuild = false
  process.send?.({ contentBuild: 'started' })
  try {
    await velite({ config: fresh ? 'velite.config.ts' : reuse, clean: false, logLevel: 'warn' })
  } catch (e) {
    configChanged ||= fresh // the config did not load (a syntax error in lib/?): load it again next time
    throw e
  } finally {
    building = false
    process.send?.({ contentBuild: 'ended', changedDuringBuild })
  }
}
await buildContent()

const vite = await createServer({
  configFile: 'vite.config.ts',
  server: { port, host, strictPort: true },
  plugins: [contentReload(out)],
})
await vite.listen()
// The content, velite.config.ts and lib/ (which the config imports) rebuild the content.
// Vite's watcher (chokidar) drops a file's change event that comes within 50 ms of the last one it
// reported for that file: builds start only once no change has come for longer than that, so a
// build reads such a save (server/dev/serial-builds.ts).
const SETTLE_MS = 60
const contentBuilds = serialBuilds(buildContent, (e) => console.error(`content build failed: ${e instanceof Error ? e.message : String(e)}`), SETTLE_MS)
const sources = [contentRoot, resolve('velite.config.ts'), resolve('lib')]
vite.watcher.add(sources)
vite.watcher.on('all', (event, file) => {
  if (event === 'addDir' || event === 'unlinkDir') return
  const source = sources.find((s) => file === s || file.startsWith(`${s}/`))
  if (!source || /(^|\/)_[^/]*$|~$|\.sw.$/.test(file)) return // velite skips "_" files; editors' backups
  if (source !== contentRoot) configChanged = true
  changedDuringBuild ||= building
  contentBuilds.changed()
})
const url = `http://${host.includes(':') ? `[${host}]` : host}:${(vite.httpServer!.address() as { port: number }).port}`

let services: LocalServices | undefined
let servicesLines: string[] = []
if (process.env.DEV_BACKEND !== 'off' && usingLocalSupabase) {
  try {
    services = await startLocalServices({ siteUrl: url })
    servicesLines = services.lines
  } catch (e) {
    // The site still works without them; only the forms and the admin page need the backend.
    servicesLines = [`Backend:  NOT started (${e instanceof Error ? e.message : String(e)}); forms will fail. Is \`npm start\` running?`]
  }
}
console.log(`Dev site: ${url}/  (English home; /tr/, /de/, /fr/, /es/, /it/, /ar/). Content and code reload live.`)
for (const line of servicesLines) console.log(line)

stopOnSignals(async () => {
  await contentBuilds.settled() // never stop halfway through writing .velite/
  await vite.close()
  await services?.stop()
})
