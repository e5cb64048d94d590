// lib/build/step-scripts.ts: the build runs its TypeScript steps from esbuild bundles. A fixture
// project checks what a bundle must keep as it was (velite's output read at run time, lazy
// imports, each module's own import.meta.url, the entry's) and when a bundle is made again; the
// real audit then runs from its bundle and through tsx, and must print the same.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { AUDIT_FILES } from '../../lib/audit/write'
import { stepScripts } from '../../lib/build/step-scripts'
import { BUNDLED_SCRIPTS, STEPS } from '../../scripts/build-steps'
import { tempDir } from '../setup/temp-dirs'

/** 2001-09-09, in seconds, as utimes takes it. */
const PAST = 1_000_000_000

const run = (cwd: string, argv: string[]) => {
  const r = spawnSync(process.execPath, argv, { cwd, encoding: 'utf8' })
  return { status: r.status, out: r.stdout.trim(), err: r.stderr }
}

function fixture(): string {
  const root = tempDir('step-scripts-')
  for (const dir of ['scripts', 'lib', '.velite']) mkdirSync(join(root, dir))
  writeFileSync(join(root, '.velite/index.js'), 'export const products = ["beef"]\n')
  writeFileSync(
    join(root, 'lib/where.ts'),
    `import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { products } from '../.velite/index.js'
export const where = () => basename(fileURLToPath(import.meta.url))
export const count = () => products.length
`,
  )
  // A package imported by a lazily imported module (as react-dom/server by the data-sheet
  // template) must load when that module does, not with the script.
  mkdirSync(join(root, 'node_modules/probe'), { recursive: true })
  writeFileSync(join(root, 'node_modules/probe/package.json'), '{"name":"probe","type":"module","main":"index.js"}')
  writeFileSync(join(root, 'node_modules/probe/index.js'), 'export const sawMode = globalThis.mode ?? "unset"\n')
  writeFileSync(join(root, 'lib/lazy.ts'), "export { sawMode } from 'probe'\n")
  writeFileSync(
    join(root, 'scripts/step.ts'),
    `import { pathToFileURL } from 'node:url'
import { count, where } from '../lib/where'
;(globalThis as { mode?: string }).mode = 'production'
const { sawMode } = await import('../lib/lazy')
const entry = import.meta.url === pathToFileURL(process.argv[1]!).href
console.log([where(), count(), sawMode, entry].join(' '))
`,
  )
  return root
}

describe('step scripts', () => {
  it('bundles a step script that reads velite at run time, imports lazily, and knows its modules and its entry', async () => {
    const root = fixture()
    const bundle = (await stepScripts(root, ['scripts/step.ts'])).get('scripts/step.ts')!
    expect(bundle).toBe(join(root, '.generated/step-scripts/scripts/step.mjs'))
    expect(run(root, [bundle]).out).toBe('where.ts 1 production true')
    // velite's output changed after bundling: the step reads the new one.
    writeFileSync(join(root, '.velite/index.js'), 'export const products = ["beef", "pork"]\n')
    expect(run(root, [bundle]).out).toBe('where.ts 2 production true')
  })

  it('keeps a bundle while its sources are unchanged, and makes it again when one changes', async () => {
    const root = fixture()
    const bundle = (await stepScripts(root, ['scripts/step.ts'])).get('scripts/step.ts')!
    // The bundle stamped with a time long past: a kept bundle still has it, a bundle made again
    // has the time it was written, whatever the clock's resolution and however soon it runs.
    const stamp = () => utimesSync(bundle, PAST, PAST)
    const kept = () => statSync(bundle).mtimeMs === PAST * 1000
    stamp()
    expect((await stepScripts(root, ['scripts/step.ts'])).get('scripts/step.ts')).toBe(bundle)
    expect(kept()).toBe(true)

    writeFileSync(join(root, 'lib/lazy.ts'), 'export const sawMode = "edited"\n')
    await stepScripts(root, ['scripts/step.ts'])
    expect(kept()).toBe(false)
    expect(run(root, [bundle]).out).toBe('where.ts 1 edited true')

    // esbuild reads tsconfig.json's compiler options, so it is part of the key too.
    stamp()
    writeFileSync(join(root, 'tsconfig.json'), '{"compilerOptions":{"target":"ES2022"}}')
    await stepScripts(root, ['scripts/step.ts'])
    expect(kept()).toBe(false)
  })

  it('throws esbuild’s error for a script that does not compile, and leaves the last bundles', async () => {
    const root = fixture()
    const bundle = (await stepScripts(root, ['scripts/step.ts'])).get('scripts/step.ts')!
    writeFileSync(join(root, 'lib/lazy.ts'), 'export const sawMode = (\n')
    await expect(stepScripts(root, ['scripts/step.ts'])).rejects.toThrow(/lib\/lazy\.ts:\d+/)
    expect(run(root, [bundle]).out).toBe('where.ts 1 production true')
  })

  it('bundles every step script of the build but the pages step, which imports the pages’ TypeScript at run time', () => {
    expect(BUNDLED_SCRIPTS).toEqual([
      'scripts/production-guard.ts',
      'scripts/i18n/generate.ts',
      'scripts/audit/cli.ts',
      'scripts/documents/build.ts',
      'scripts/postbuild.ts',
    ])
    expect(STEPS.find((s) => s.step === 'pages')!.argv('.')).toEqual([process.execPath, '--import', 'tsx', 'scripts/pages.ts'])
  })

  it('the real audit prints the same from its bundle as through tsx', async () => {
    const out = tempDir('step-scripts-audit-')
    // Inside the project, where the bundles find its packages; not the build's own folder.
    const folder = join(process.cwd(), '.generated', `step-scripts-test-${process.pid}`)
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }))
    const bundles = await stepScripts(process.cwd(), BUNDLED_SCRIPTS, folder)
    const args = (name: string) => ['--out', join(out, name), '--cache', join(out, `cache-${name}`)]
    const bundled = run(process.cwd(), [bundles.get('scripts/audit/cli.ts')!, ...args('bundled')])
    const tsx = run(process.cwd(), ['--import', 'tsx', 'scripts/audit/cli.ts', ...args('tsx')])
    const same = (text: string, name: string) =>
      text
        .replace(/audit took \d+ ms/, 'audit took N ms')
        .replaceAll(join(out, name), 'OUT')
        .replaceAll(join(out, `cache-${name}`), 'CACHE')
    expect(bundled.status, bundled.err).toBe(0)
    expect(same(bundled.out, 'bundled')).toBe(same(tsx.out, 'tsx'))
    const summary = (name: string) => ({ ...JSON.parse(readFileSync(join(out, name, 'summary.json'), 'utf8')), elapsedMs: 0 })
    expect(summary('bundled')).toEqual(summary('tsx'))
    expect(readFileSync(join(out, 'bundled', AUDIT_FILES.items), 'utf8')).toBe(readFileSync(join(out, 'tsx', AUDIT_FILES.items), 'utf8'))
  })
})
