// build:prerender (turbo.json): every page, rendered by Vike's prerender from the server bundle
// build:bundle wrote, then finished as it ships, so that this task's outputs are the final pages:
//   - the page script inline and island entries deferred (scripts/page-scripts.ts);
//   - "/tr/404" moved from tr/404/index.html to tr/404.html, where static hosts look for it.
// A page whose render key is unchanged is not rendered again: renderer/+onRenderHtml.tsx takes
// it from the render cache (lib/build/render-cache.ts).
// Vike's CLI runs in a process of its own, without tsx's loader hooks, which would otherwise
// see every module Vite and Vike load; meanwhile this process bundles the page scripts.
import { spawn } from 'node:child_process'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { allPageUrls, notFoundUrls, pageFile } from '../lib/routing/prerender'
import { finishPages, pageScripts, writeSearchScript } from './page-scripts'

const out = 'dist/client'
const start = performance.now()
const vike = new Promise<void>((done, fail) => {
  const child = spawn(join('node_modules', '.bin', 'vike'), ['prerender'], { stdio: 'inherit' })
  child.on('error', fail)
  child.on('close', (status) => (status === 0 ? done() : fail(new Error(`prerender: vike prerender failed (exit status ${status})`))))
})
vike.catch(() => undefined) // a failure is thrown where it is awaited, below
const scripts = pageScripts()
await vike

writeSearchScript(out, scripts)
const urls = allPageUrls()
const missing = urls.filter((url) => !existsSync(join(out, pageFile(url))))
if (missing.length) throw new Error(`prerender: ${missing.length} page(s) were not written: ${missing.slice(0, 10).join(', ')}`)
finishPages(
  urls.map((url) => join(out, pageFile(url))),
  scripts,
)
for (const url of notFoundUrls()) {
  renameSync(join(out, pageFile(url)), join(out, `${url}.html`))
  rmSync(join(out, url), { recursive: true })
}
console.log(`prerender: ${urls.length} pages in ${((performance.now() - start) / 1000).toFixed(1)} s`)
