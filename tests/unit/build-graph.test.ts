// The build's task graph (turbo.json) keeps a task's output only while its inputs are unchanged,
// so every file a task's code reads must be among its inputs, or those of a task it depends on
// (whose hash enters its own). Turborepo resolves the globs here exactly as it does in a build
// (`turbo run --dry=json`); esbuild lists what each task's code imports.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

type DryTask = {
  taskId: string
  hash: string
  command: string
  inputs: Record<string, string>
  dependencies: string[]
  outputs: string[]
  environmentVariables: { specified: { env: string[] } }
}

function dryRun(env: NodeJS.ProcessEnv = {}): DryTask[] {
  const r = spawnSync('node_modules/.bin/turbo', ['run', 'build:site', '--dry=json'], {
    encoding: 'utf8',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', ...env },
    maxBuffer: 64 * 1024 * 1024,
  })
  if (r.status !== 0) throw new Error(`turbo --dry=json failed: ${r.stderr}`)
  return (JSON.parse(r.stdout) as { tasks: DryTask[] }).tasks
}

/** The project files (not packages) that the given entry points import, at any depth. */
async function importedFiles(entryPoints: string[], external: string[] = []): Promise<string[]> {
  const result = await build({
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    external: ['*.css', ...external],
    outdir: 'unused',
  })
  return Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'))
}

/** Files that read another task's outputs when they run: lib/content/data.ts reads velite's JSON files. */
const READS_OUTPUT_OF = new Map([['lib/content/data.ts', 'build:content']])

/** The files of `imports` that read the outputs of a task that is not among `dependencies`. */
const readsWithoutWaiting = (imports: string[], dependencies: Set<string>) =>
  imports.filter((f) => READS_OUTPUT_OF.has(f) && !dependencies.has(READS_OUTPUT_OF.get(f)!))

/**
 * The files of `imports` that the task may not read: not among `inputs` (its own and its
 * dependencies'), nor read only by the typecheck (`skip`).
 */
function uncovered(imports: string[], inputs: Set<string>, skip: Set<string> = new Set()): string[] {
  return imports.filter((f) => !inputs.has(f) && !skip.has(f))
}

/** A task and every task it depends on, at any depth. */
function withDependencies(tasks: Map<string, DryTask>, id: string, seen = new Set<string>()): Set<string> {
  if (seen.has(id)) return seen
  seen.add(id)
  for (const dep of tasks.get(id)!.dependencies) withDependencies(tasks, dep, seen)
  return seen
}
const inputsOf = (tasks: Map<string, DryTask>, ids: Set<string>) => new Set([...ids].flatMap((id) => Object.keys(tasks.get(id)!.inputs)))

/** The TypeScript entry of a task's command ("node --import tsx scripts/audit/cli.ts --cache …" → scripts/audit/cli.ts). */
const scriptOf = (command: string) => command.match(/--import tsx (\S+\.tsx?)/)?.[1]

/** Vike's entry files of the bundle: every +file under renderer/ and pages/. */
const vikeEntries = () =>
  ['renderer', 'pages'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /(^|\/)\+[^/]+\.tsx?$/.test(f))
      .map((f) => join(dir, f)),
  )

describe('the build graph (turbo.json)', () => {
  const tasks = new Map(dryRun().map((t) => [t.taskId, t]))
  // ui-keys.ts is written by build:ui-keys and read only by the typecheck: its imports are types.
  const typesOnly = new Set(['lib/i18n/ui-keys.ts'])

  it('has every build:* script of package.json as a task of build:site', () => {
    const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts)
    const tasksOfBuild = [...tasks.keys()].filter((id) => id !== 'build:site')
    expect(tasksOfBuild.sort()).toEqual(
      scripts.filter((s) => /^build:/.test(s) && !['build:quiet', 'build:production', 'build:github-pages'].includes(s)).sort(),
    )
  })

  it.each<[string, string[], { runs: boolean }]>([
    ['build:content', ['velite.config.ts'], { runs: true }],
    // The server bundle only compiles lib/content/data.ts: the prerender runs it, and reads
    // velite's output then, never at bundle time.
    ['build:bundle', ['vite.config.ts', ...vikeEntries()], { runs: false }],
    ...[...tasks.values()].flatMap((t) => {
      const script = scriptOf(t.command)
      return script ? [[t.taskId, [script], { runs: true }] as [string, string[], { runs: boolean }]] : []
    }),
  ])('%s: every file its code imports is an input of it or of a task it depends on', async (id, entries, { runs }) => {
    expect(tasks.has(id)).toBe(true)
    const imports = await importedFiles(entries)
    expect(imports.length).toBeGreaterThan(entries.length - 1)
    const closure = withDependencies(tasks, id)
    expect(uncovered(imports, inputsOf(tasks, closure), typesOnly)).toEqual([])
    if (runs) expect(readsWithoutWaiting(imports, closure)).toEqual([])
  })

  it('notices a task whose inputs miss a file its code imports, or that reads content without waiting for velite', async () => {
    const audit = await importedFiles(['scripts/audit/cli.ts'])
    const withoutLib = new Set(Object.keys(tasks.get('build:audit')!.inputs).filter((f) => !f.startsWith('lib/')))
    expect(uncovered(audit, withoutLib)).toContain('lib/audit/run.ts')
    const documents = await importedFiles(['scripts/documents/build.ts'])
    expect(readsWithoutWaiting(documents, new Set(['build:documents']))).toEqual(['lib/content/data.ts'])
    expect(readsWithoutWaiting(documents, withDependencies(tasks, 'build:documents'))).toEqual([])
  })

  it('does not bundle again after a content edit: the bundle depends on no task and reads no content', () => {
    const bundle = tasks.get('build:bundle')!
    expect(bundle.dependencies).toEqual([])
    expect(Object.keys(bundle.inputs).filter((f) => f.startsWith('content/') || f === 'lib/i18n/ui-keys.ts')).toEqual([])
  })

  // Vike writes the project's root and output folder, as absolute paths, into the server bundle
  // (dist/server/entry.mjs): a bundle kept in one checkout and restored in another would
  // prerender into the first checkout's dist/.
  it('build:bundle is kept per checkout: its hash holds the checkout path, which content does not need', () => {
    const hashes = (pwd: string) => new Map(dryRun({ PWD: pwd }).map((t) => [t.taskId, t.hash]))
    const [a, b] = [hashes('/srv/a/site'), hashes('/srv/b/site')]
    expect(a.get('build:bundle')).not.toBe(b.get('build:bundle'))
    expect(a.get('build:content')).toBe(b.get('build:content'))
  })

  // Vike's server-entry plugin would write, on every bundle, a file into node_modules naming this
  // checkout's dist/server, which the prerender then imports. It is no output of any task, so a
  // bundle restored from the cache would leave it naming whichever checkout bundled last.
  it('the bundle writes nothing into node_modules: the prerender finds dist/server itself', () => {
    const pointer = readFileSync('node_modules/@brillout/vite-plugin-server-entry/dist/esm/runtime/autoImporter.js', 'utf8')
    expect(pointer).not.toMatch(/dist\/server\/entry/)
  })

  // build:guard is kept like any task (its log replayed): a pass must not be replayed for a
  // deployment it never saw, so every variable its code reads must enter its hash.
  it('build:guard: every environment variable its code reads enters its hash', async () => {
    const guard = tasks.get('build:guard')!
    const declared = guard.environmentVariables.specified.env.map((name) => new RegExp(`^${name.replace('*', '.*')}$`))
    const files = await importedFiles([scriptOf(guard.command)!])
    const read = new Set(files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!)))
    expect([...read]).toEqual(expect.arrayContaining(['DEPLOY', 'CF_PAGES', 'NETLIFY', 'VITE_SUPABASE_URL']))
    expect([...read].filter((name) => !declared.some((pattern) => pattern.test(name)))).toEqual([])
  })
})
