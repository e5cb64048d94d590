// lib/build/step-cache.ts: a build step whose inputs are unchanged, and whose outputs are as it
// left them, is not run again. Real files in a temp folder; each case changes one thing and
// checks that the step must run again.
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inputsKey, recordStep, reusableOutput, type StepCacheSpec } from '../../lib/build/step-cache'
import { runPhase, type Step } from '../../scripts/build-steps'
import { tempDir } from '../setup/temp-dirs'

const spec: StepCacheSpec = { inputs: (env) => [env.IN ?? 'content', 'config.ts', 'lib'], env: ['IN', 'MODE'], outputs: () => ['out', 'public/static'] }

/** A project with inputs and the outputs of a run that ended well, recorded. */
function project(): { root: string; reused: (env?: NodeJS.ProcessEnv) => string | undefined } {
  const root = tempDir('step-cache-')
  mkdirSync(join(root, 'content/tr'), { recursive: true })
  mkdirSync(join(root, 'lib/i18n'), { recursive: true })
  mkdirSync(join(root, 'out'))
  writeFileSync(join(root, 'content/tr/a.yml'), 'title: Fileler\n')
  writeFileSync(join(root, 'config.ts'), 'export default {}\n')
  writeFileSync(join(root, 'lib/i18n/ui-keys.ts'), 'export type UiKey = "a"\n')
  writeFileSync(join(root, 'out/a.json'), '{"title":"Fileler"}')
  recordStep(root, 'content (velite)', spec, {}, inputsKey(root, spec, {}), 'build finished')
  const reused = (env: NodeJS.ProcessEnv = {}) => reusableOutput(root, 'content (velite)', spec, env, inputsKey(root, spec, env))?.output
  return { root, reused }
}

describe('step cache', () => {
  it('gives back what the step printed while nothing changed', () => {
    expect(project().reused()).toBe('build finished')
  })

  it('runs again when an input file changes, is added or is removed', () => {
    const edited = project()
    writeFileSync(join(edited.root, 'content/tr/a.yml'), 'title: Fileler.\n')
    expect(edited.reused()).toBeUndefined()
    const added = project()
    writeFileSync(join(added.root, 'content/tr/b.yml'), 'title: Yeni\n')
    expect(added.reused()).toBeUndefined()
    const removed = project()
    rmSync(join(removed.root, 'config.ts'))
    expect(removed.reused()).toBeUndefined()
  })

  it('runs again when one of its environment variables changes, input folders included', () => {
    expect(project().reused({ MODE: 'production' })).toBeUndefined()
    const other = project()
    mkdirSync(join(other.root, 'elsewhere'))
    expect(other.reused({ IN: 'elsewhere' })).toBeUndefined()
  })

  it('runs again when an output was written, removed or added since', () => {
    const touched = project()
    utimesSync(join(touched.root, 'out/a.json'), new Date(), new Date(Date.now() + 5000))
    expect(touched.reused()).toBeUndefined()
    const removed = project()
    rmSync(join(removed.root, 'out/a.json'))
    expect(removed.reused()).toBeUndefined()
    const added = project()
    mkdirSync(join(added.root, 'public/static'), { recursive: true })
    writeFileSync(join(added.root, 'public/static/x.png'), 'x')
    expect(added.reused()).toBeUndefined()
  })

  it('leaves the UI key type out of the key: it holds only types, and the build rewrites it beside other steps', () => {
    const p = project()
    writeFileSync(join(p.root, 'lib/i18n/ui-keys.ts'), 'export type UiKey = "a" | "b"\n')
    expect(p.reused()).toBe('build finished')
  })
})

describe('a cached step in a build phase (scripts/build-steps.ts)', () => {
  /** Counts its runs in runs.txt and writes out/a.json from content/a.yml; fails when content/a.yml says "fail". */
  const step: Step = {
    step: 'content',
    argv: () => [
      process.execPath,
      '-e',
      `const fs = require('node:fs')
       fs.appendFileSync('runs.txt', 'x')
       const text = fs.readFileSync('content/a.yml', 'utf8')
       if (text.includes('fail')) { console.log('content/a.yml:1: broken'); process.exit(1) }
       fs.mkdirSync('out', { recursive: true }); fs.writeFileSync('out/a.json', JSON.stringify(text)); console.log('content: 1 file')`,
    ],
    cache: { inputs: () => ['content'], env: [], outputs: () => ['out'] },
  }
  const runs = (root: string) => readFileSync(join(root, 'runs.txt'), 'utf8').length

  it('is run once, then not while its inputs are unchanged, then again after each edit; a failed run is not kept', async () => {
    const root = tempDir('step-cache-phase-')
    mkdirSync(join(root, 'content'))
    writeFileSync(join(root, 'content/a.yml'), 'title: Fileler\n')
    const [first] = await runPhase(root, [step])
    expect([first!.result.ok, first!.result.reused, first!.output]).toEqual([true, undefined, 'content: 1 file'])

    const [second] = await runPhase(root, [step])
    expect(second!.result.reused).toBe(true)
    expect(second!.output).toMatch(/^content: not run, its inputs are unchanged since it ran at .+, when it printed:\ncontent: 1 file$/)
    expect(runs(root)).toBe(1)

    writeFileSync(join(root, 'content/a.yml'), 'title: Yeni\n')
    const [edited] = await runPhase(root, [step])
    expect([edited!.result.reused, runs(root)]).toEqual([undefined, 2])
    expect(JSON.parse(readFileSync(join(root, 'out/a.json'), 'utf8'))).toBe('title: Yeni\n')

    writeFileSync(join(root, 'content/a.yml'), 'title: fail\n')
    const [broken] = await runPhase(root, [step])
    expect([broken!.result.ok, broken!.output]).toEqual([false, 'content/a.yml:1: broken'])
    const [again] = await runPhase(root, [step])
    expect([again!.result.ok, runs(root)]).toEqual([false, 4])

    // Back to what the last good run read, with its output untouched by the failed runs: not run.
    writeFileSync(join(root, 'content/a.yml'), 'title: Yeni\n')
    const [back] = await runPhase(root, [step])
    expect([back!.result.reused, runs(root)]).toEqual([true, 4])
  })
})
