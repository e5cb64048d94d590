// The pages step of the build (scripts/build-steps.ts): dist/client and its prerendered pages.
//
// When the code is what the last build bundled (sourceFingerprint in lib/build/page-snapshot.ts),
// Vite is not run: the bundles and every page whose render-cache key is unchanged come back from
// .generated/vike/ as hard links, and `vike prerender` renders only the other pages, from the kept
// server bundle. Otherwise `vike build` bundles and prerenders everything, and what it wrote is
// kept for the next build. Either way the pages are the ones a full build writes: a page's HTML
// is a function of the code, the shared content and its `data` (lib/build/render-cache.ts), and
// the key covers all three (lib/build/page-plan.ts computes it without Vike).
//
// Why: a full `vike build` costs the same on a rebuild that changed nothing (starting Vite,
// bundling, and Vike's own work for every page; docs/ARCHITECTURE.md, "The build steps").
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { codeIdentity, sharedInputs } from '../lib/build/render-cache'
import { pagePlanner } from '../lib/build/page-plan'
import {
  INPUT_FOLDERS,
  pageFile,
  readManifest,
  restoreBundles,
  restorePages,
  SNAPSHOT_DIR,
  type SnapshotManifest,
  sourceFingerprint,
  takeSnapshot,
  updateSnapshot,
} from '../lib/build/page-snapshot'
import { STOPPED_AT_GATE, waitForGate } from '../lib/build/prerender-gate'
import { allPageUrls, PRERENDER_ONLY_ENV } from '../lib/routing/prerender'
import { facts, locales, routes, ui } from '../lib/content/data'
import { finishPages, pageScripts, writeSearchScript } from './page-scripts'

const root = process.cwd()
const vike = join(root, 'node_modules/.bin/vike')
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

/** Runs Vike's CLI; resolves when it ends well, else rejects (it printed why). */
function runVike(args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(vike, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('error', fail)
    child.on('close', (status) => (status === 0 ? done() : fail(new VikeFailed(`vike ${args[0]} failed (exit status ${status})`))))
  })
}
class VikeFailed extends Error {}

/**
 * Loads the pages' hooks; the planner it returns gives every page's URL and key against the
 * server bundle in `serverDir`. (The content is loaded when this script starts: the route table
 * comes with lib/routing/prerender.ts.)
 */
async function planner() {
  const plan = await pagePlanner(root)
  return (serverDir: string) => plan(allPageUrls(), codeIdentity(serverDir), sharedInputs({ locales, routes, facts, ui }, new Date().getFullYear()))
}

/** The files Vite read for the bundles just built (recordInputs in vite.config.ts), outside the input folders the fingerprint hashes whole. */
function readInputs(): string[] {
  const files = new Set<string>()
  for (const env of ['client', 'ssr']) {
    const record = `.generated/vike-inputs-${env}.json`
    if (!existsSync(record)) throw new Error(`pages: vike build wrote no ${record} (recordInputs in vite.config.ts)`)
    for (const file of JSON.parse(readFileSync(record, 'utf8')) as string[]) files.add(file)
  }
  return [...files].filter((file) => !INPUT_FOLDERS.includes(file.split('/')[0]!)).sort()
}

async function fullBuild(why: string, previous: SnapshotManifest | undefined): Promise<void> {
  const start = performance.now()
  console.log(`pages: vike build (${why})`)
  const before = sourceFingerprint(root, previous?.extraInputs ?? [])
  const plan = planner()
  await runVike(['build'])
  const inputs = readInputs()
  // Code edited while Vite bundled: keep nothing, so that the next build bundles again.
  const unchanged = sourceFingerprint(root, previous?.extraInputs ?? []) === before
  const planned = await (await plan)('dist/server')
  const scripts = pageScripts()
  writeSearchScript('dist/client', scripts)
  finishPages(
    planned.map((p) => join('dist/client', pageFile(p.url))),
    scripts,
  )
  const unusable = takeSnapshot('dist', SNAPSHOT_DIR, planned, unchanged ? sourceFingerprint(root, inputs) : '', inputs)
  console.log(
    `pages: ${planned.length} pages by vike build in ${seconds(start)}; ${unusable ? `not kept for the next build: ${unusable}` : unchanged ? `kept in ${SNAPSHOT_DIR}` : 'not kept: the code changed during the build'}`,
  )
}

async function reuse(manifest: SnapshotManifest): Promise<boolean> {
  const start = performance.now()
  // The bundles first, while the audit and the documents step run; the pages need their outputs.
  const unusable = restoreBundles('dist', SNAPSHOT_DIR, manifest)
  if (unusable) {
    console.log(`pages: the bundles of the last build cannot be reused: ${unusable}`)
    return false
  }
  const plan = planner() // loads the hooks while the gate is still closed
  await waitForGate()
  const planned = await (await plan)(join(SNAPSHOT_DIR, 'server'))
  const { reused, toRender } = restorePages('dist', SNAPSHOT_DIR, manifest, planned)
  if (toRender.length) {
    const list = join('.generated', `prerender-only-${process.pid}.json`)
    mkdirSync('.generated', { recursive: true })
    writeFileSync(list, JSON.stringify(toRender))
    renameSync(join(SNAPSHOT_DIR, 'server'), 'dist/server')
    try {
      await runVike(['prerender'], { [PRERENDER_ONLY_ENV]: list })
      finishPages(
        toRender.map((url) => join('dist/client', pageFile(url))),
        pageScripts(),
      )
    } finally {
      renameSync('dist/server', join(SNAPSHOT_DIR, 'server'))
      rmSync(list, { force: true })
    }
  }
  updateSnapshot('dist', SNAPSHOT_DIR, manifest, planned, toRender)
  console.log(
    `pages: ${reused} of ${planned.length} unchanged, from ${SNAPSHOT_DIR}; ${toRender.length} rendered by vike prerender; code unchanged, so Vite did not run (${seconds(start)})`,
  )
  return true
}

try {
  const manifest = readManifest()
  const fingerprint = manifest && sourceFingerprint(root, manifest.extraInputs)
  if (!manifest) await fullBuild(`no earlier build kept in ${SNAPSHOT_DIR}`, undefined)
  else if (manifest.fingerprint !== fingerprint) await fullBuild('the code changed since the last build', manifest)
  else if (!(await reuse(manifest))) await fullBuild('its bundles could not be reused', manifest)
} catch (error) {
  // Vike and the gate have printed why; anything else is a bug of this step, shown whole.
  if (error instanceof VikeFailed || (error as Error).message.startsWith(STOPPED_AT_GATE)) console.error((error as Error).message)
  else console.error(error)
  process.exitCode = 1
}
