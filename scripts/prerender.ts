// build:prerender (turbo.json): every page, rendered by Vike's prerender from the server bundle
// build:bundle wrote, then finished as it ships, so that this task's outputs are the final pages:
//   - the page script inline and island entries deferred (scripts/page-scripts.ts);
//   - "/tr/404" moved from tr/404/index.html to tr/404.html, where static hosts look for it.
// Vike renders in processes of its own (scripts/vike-prerender.mjs: Vike's documented prerender()
// from vike/api), without tsx's loader hooks, which would otherwise see every module Vite and Vike
// load; meanwhile this process bundles the page scripts.
// A large catalogue is prerendered in shards, one run each, as many at once as there are cores:
// Vike holds every page it wrote until its run ends (lib/routing/prerender-shards.ts says why and
// how the pages are split). PRERENDER_SHARDS=<n> sets the number of shards (1: none), for the bench.
// Each run's pages are finished once it has ended, while the other runs go on.
// Each run records the UI keys every page's render used; they are merged here into
// dist/ui-key-usage.json, for the XLIFF export and the audit CSV (lib/i18n/key-usage.ts).
import { spawn } from 'node:child_process'
import { renameSync, rmSync, statSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { clearKeyUsageParts, KEY_USAGE_FILE, mergeKeyUsage } from '../lib/i18n/key-usage'
import { allPageUrls, notFoundUrls, pageFile } from '../lib/pages/prerender'
import { CONFIG_LOADED, PAGES_PER_SHARD, SHARD_ENV, shardCount, shardOf } from '../lib/routing/prerender-shards'
import { finishPages, type PageScripts, pageScripts, writeSearchScript } from './page-scripts'

const out = 'dist/client'
const start = performance.now()
const urls = allPageUrls()
// PRERENDER_PAGES_PER_SHARD: smaller shards, for the test that splits the real site
// (tests/unit/prerender-shards.test.ts); the pages written are the same whatever the split.
const shards =
  Number(process.env.PRERENDER_SHARDS) || shardCount(urls.length, availableParallelism(), Number(process.env.PRERENDER_PAGES_PER_SHARD) || PAGES_PER_SHARD)

/**
 * One prerender run (of one shard). `configLoaded` settles once Vike has loaded the project's
 * config (renderer/+onPrerenderStart.ts, which Vike calls before it renders any page, says so
 * over IPC), or else once the run ends; `done` when the run ends, rejected unless it ended well.
 *
 * Two runs must not load the config at the same time: Vike compiles each +file to a temporary
 * file beside it, named by its content's hash, imports it and deletes it
 * (node_modules/vike/dist/node/vite/shared/resolveVikeConfigInternal/transpileAndExecuteFile.js),
 * so one run can delete the file the other is about to import (ENOENT, a failed build). So each
 * run starts once the previous one has loaded its config. Vike's own lines (its count, one per
 * file written) stay out of the log, which the build replays on every build that reuses this
 * task; its warnings and errors (stderr) pass.
 */
function vikePrerender(shard: number): { configLoaded: Promise<void>; done: Promise<void> } {
  const env = shards > 1 ? { ...process.env, [SHARD_ENV]: `${shard}/${shards}` } : process.env
  const child = spawn(process.execPath, ['scripts/vike-prerender.mjs'], { stdio: ['inherit', 'ignore', 'inherit', 'ipc'], env })
  let loaded: () => void = () => undefined
  const configLoaded = new Promise<void>((resolve) => (loaded = resolve))
  child.on('message', (message) => message === CONFIG_LOADED && loaded())
  const done = new Promise<void>((resolve, fail) => {
    child.on('error', fail)
    child.on('close', (status) =>
      status === 0
        ? resolve()
        : fail(new Error(`prerender: Vike's prerender${shards > 1 ? ` of shard ${shard + 1}/${shards}` : ''} failed (exit status ${status})`)),
    )
  }).finally(loaded)
  return { configLoaded, done }
}

/** Checks that a run wrote each of its pages (none is older than this task), then finishes them where they are. */
function finish(pages: string[], scripts: PageScripts): void {
  const missing = pages.filter((url) => (statSync(join(out, pageFile(url)), { throwIfNoEntry: false })?.mtimeMs ?? 0) < startedAt)
  if (missing.length) throw new Error(`prerender: ${missing.length} page(s) were not written: ${missing.slice(0, 10).join(', ')}`)
  finishPages(
    pages.map((url) => join(out, pageFile(url))),
    scripts,
  )
}

/**
 * Every shard, `parallel` at a time; as soon as a run ends its pages are checked and finished
 * (while the other runs go on). After a failure no shard starts; those
 * running end, then it is thrown.
 */
async function allShards(parallel: number, scripts: Promise<PageScripts>): Promise<void> {
  let next = 0
  let failing = false
  // Each run starts once the one started before it has loaded its config (see vikePrerender).
  let turn: Promise<void> | undefined
  const startInTurn = (shard: number) => {
    const run = turn ? turn.then(() => vikePrerender(shard)) : Promise.resolve(vikePrerender(shard))
    turn = run.then((started) => started.configLoaded)
    return run
  }
  const worker = async () => {
    while (next < shards && !failing) {
      const shard = next++
      try {
        await (await startInTurn(shard)).done
        finish(shardOf(urls, urls, { index: shard, count: shards }), await scripts)
      } catch (error) {
        failing = true
        throw error
      }
    }
  }
  const results = await Promise.allSettled(Array.from({ length: Math.min(parallel, shards) }, worker))
  const failed = results.find((r) => r.status === 'rejected')
  if (failed) throw failed.reason
}

// Every page is written after this.
const startedAt = Date.now()
// In a microtask: the first runs start before this process bundles the page scripts.
const scripts = Promise.resolve().then(pageScripts)
clearKeyUsageParts()
await allShards(availableParallelism(), scripts)
// Every page renders under the recorder or takes its kept keys: a page missing here is a bug.
const recorded = new Set(mergeKeyUsage().pages.map(([url]) => url))
const unrecorded = urls.filter((url) => !recorded.has(url))
if (unrecorded.length) throw new Error(`prerender: ${KEY_USAGE_FILE} lacks ${unrecorded.length} page(s): ${unrecorded.slice(0, 10).join(', ')}`)

writeSearchScript(out, await scripts)
// Each page ships where Vike wrote it, but the 404 pages as <lang>/404.html.
for (const url of notFoundUrls()) {
  renameSync(join(out, pageFile(url)), join(out, `${url.slice(1)}.html`))
  rmSync(join(out, url), { recursive: true })
}
console.log(`prerender: ${urls.length} pages${shards > 1 ? ` in ${shards} shards` : ''} in ${((performance.now() - start) / 1000).toFixed(1)} s`)
