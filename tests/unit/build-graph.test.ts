// The build's task graph (turbo.json) keeps a task's output only while its inputs are unchanged,
// so every file a task's code reads must be among its inputs, or those of a task it depends on
// (whose hash enters its own). Turborepo resolves the globs here exactly as it does in a build
// (`turbo run --dry=json`); esbuild lists what each task's code imports.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

type DryTask = { taskId: string; command: string; inputs: Record<string, string>; dependencies: string[]; outputs: string[] }

function dryRun(): DryTask[] {
  const r = spawnSync('node_modules/.bin/turbo', ['run', 'build:site', '--dry=json'], {
    encoding: 'utf8',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    maxBuffer: 64 * 1024 * 1024,
  })
  if (r.status !== 0) throw new Error(`turbo --dry=json failed: ${r.stderr}`)
  return (JSON.parse(r.stdout) as { tasks: DryTask[] }).tasks
}

/** The project files (not packages, not another task's outputs) that the given entry points import, at any depth. */
async function importedFiles(entryPoints: string[]): Promise<string[]> {
  const result = await build({
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    external: ['*.css'],
    outdir: 'unused',
  })
  return Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('.velite/') && !f.startsWith('node_modules/'))
}

/** The files of `imports` that are neither in `inputs` nor written by a task of the graph. */
function uncovered(imports: string[], inputs: Set<string>, written: Set<string> = new Set()): string[] {
  return imports.filter((f) => !inputs.has(f) && !written.has(f))
}

/** Every input of a task and of the tasks it depends on, at any depth. */
function inputsWithDependencies(tasks: Map<string, DryTask>, id: string, seen = new Set<string>()): Set<string> {
  const files = new Set<string>()
  if (seen.has(id)) return files
  seen.add(id)
  const task = tasks.get(id)!
  for (const f of Object.keys(task.inputs)) files.add(f)
  for (const dep of task.dependencies) for (const f of inputsWithDependencies(tasks, dep, seen)) files.add(f)
  return files
}

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
  // ui-keys.ts is written by build:ui-keys and read only by the typecheck, never by a task.
  const written = new Set(['lib/i18n/ui-keys.ts'])

  it('has every build:* script of package.json as a task of build:site', () => {
    const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts)
    const tasksOfBuild = [...tasks.keys()].filter((id) => id !== 'build:site')
    expect(tasksOfBuild.sort()).toEqual(
      scripts.filter((s) => /^build:/.test(s) && !['build:quiet', 'build:production', 'build:github-pages'].includes(s)).sort(),
    )
  })

  it.each([
    ['build:content', ['velite.config.ts']],
    ['build:bundle', ['vite.config.ts', ...vikeEntries()]],
    ...[...tasks.values()].flatMap((t) => {
      const script = scriptOf(t.command)
      return script ? [[t.taskId, [script]] as [string, string[]]] : []
    }),
  ])('%s: every file its code imports is an input of it or of a task it depends on', async (id, entries) => {
    expect(tasks.has(id)).toBe(true)
    const imports = await importedFiles(entries)
    expect(imports.length).toBeGreaterThan(entries.length - 1)
    expect(uncovered(imports, inputsWithDependencies(tasks, id), written)).toEqual([])
  })

  it('notices a task whose inputs miss a file its code imports', async () => {
    const imports = await importedFiles(['scripts/audit/cli.ts'])
    const withoutLib = new Set(Object.keys(tasks.get('build:audit')!.inputs).filter((f) => !f.startsWith('lib/')))
    expect(uncovered(imports, withoutLib)).toContain('lib/audit/run.ts')
  })

  it('does not bundle again after a content edit: the bundle depends on no task and reads no content', () => {
    const bundle = tasks.get('build:bundle')!
    expect(bundle.dependencies).toEqual([])
    expect(Object.keys(bundle.inputs).filter((f) => f.startsWith('content/') || f === 'lib/i18n/ui-keys.ts')).toEqual([])
  })
})
