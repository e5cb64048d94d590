// build:prerender (turbo.json): every page, rendered by Vike's prerender from the server bundle
// build:bundle wrote, then finished as it ships, so that this task's outputs are the final pages:
//   - the page script inline and island entries deferred (scripts/page-scripts.ts);
//   - "/tr/404" moved from tr/404/index.html to tr/404.html, where static hosts look for it.
// Vike renders in a process of its own (scripts/vike-prerender.mjs: Vike's documented prerender()
// from vike/api), without tsx's loader hooks, which would otherwise see every module Vite and Vike
// load; meanwhile this process bundles the page scripts.
// The run records the UI keys every page's render used; they are merged here into
// dist/ui-key-usage.json, for the XLIFF export and the audit CSV (lib/i18n/key-usage.ts).
import { spawn } from 'node:child_process'
import { renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { clearKeyUsageParts, KEY_USAGE_FILE, mergeKeyUsage } from '../lib/i18n/key-usage'
import { allPageUrls, notFoundUrls, pageFile } from '../lib/pages/prerender'
import { finishPages, pageScripts, writeSearchScript } from './page-scripts'

const out = 'dist/client'
const start = performance.now()
const urls = allPageUrls()
// Every page is written after this.
const startedAt = Date.now()

/**
 * Vike's prerender, in its own process. Vike's own lines (its count, one per file written) stay
 * out of the log, which the build replays on every build that reuses this task; its warnings and
 * errors (stderr) pass.
 */
function vikePrerender(): Promise<void> {
  const child = spawn(process.execPath, ['scripts/vike-prerender.mjs'], { stdio: ['inherit', 'ignore', 'inherit'] })
  return new Promise<void>((resolve, fail) => {
    child.on('error', fail)
    child.on('close', (status) => (status === 0 ? resolve() : fail(new Error(`prerender: Vike's prerender failed (exit status ${status})`))))
  })
}

clearKeyUsageParts()
const rendered = vikePrerender()
const scripts = pageScripts()
await rendered
// Every page is written by this run (none is older than this task), and renders under the recorder.
const missing = urls.filter((url) => (statSync(join(out, pageFile(url)), { throwIfNoEntry: false })?.mtimeMs ?? 0) < startedAt)
if (missing.length) throw new Error(`prerender: ${missing.length} page(s) were not written: ${missing.slice(0, 10).join(', ')}`)
const recorded = new Set(mergeKeyUsage().pages.map(([url]) => url))
const unrecorded = urls.filter((url) => !recorded.has(url))
if (unrecorded.length) throw new Error(`prerender: ${KEY_USAGE_FILE} lacks ${unrecorded.length} page(s): ${unrecorded.slice(0, 10).join(', ')}`)

finishPages(
  urls.map((url) => join(out, pageFile(url))),
  scripts,
)
writeSearchScript(out, scripts)
// Each page ships where Vike wrote it, but the 404 pages as <lang>/404.html.
for (const url of notFoundUrls()) {
  renameSync(join(out, pageFile(url)), join(out, `${url.slice(1)}.html`))
  rmSync(join(out, url), { recursive: true })
}
console.log(`prerender: ${urls.length} pages in ${((performance.now() - start) / 1000).toFixed(1)} s`)
