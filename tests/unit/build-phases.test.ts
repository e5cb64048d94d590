// scripts/build-steps.ts starts `vike build` beside the audit and the documents step, and its
// prerender waits for them through lib/build/prerender-gate.ts. These run real child processes:
// a page rendered before the audit summary or the documents manifest is written would show the
// previous build's, and nothing else in the build would notice.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { GATE_ENV, openGate, waitForGate } from '../../lib/build/prerender-gate'
import { failureText, PHASES, runPhase, type Step } from '../../scripts/build-steps'
import { tempDir } from '../setup/temp-dirs'

/** A step that runs `code` in Node, in the phase's folder. */
const node = (step: string, code: string, extra: Partial<Step> = {}): Step => ({ step, argv: () => [process.execPath, '-e', code], ...extra })

/**
 * Node code for the steps below: `log(event)` appends "event step" to steps.log in the phase's
 * folder; `when(ready, then)` runs `then` once `ready()` holds, checking again as the other steps
 * write, and exits when the test has ended (a file "stop") so that no step outlives a failed test.
 */
const STEP_LIB = (step: string) => `
  const fs = require('node:fs')
  const log = (event) => fs.appendFileSync('steps.log', event + ' ' + ${JSON.stringify(step)} + '\\n')
  const logged = (line) => fs.existsSync('steps.log') && fs.readFileSync('steps.log', 'utf8').split('\\n').includes(line)
  const when = (ready, then) => (fs.existsSync('stop') ? process.exit(3) : ready() ? then() : setTimeout(when, 10, ready, then))
`

/** What the gated step does in the real build, in plain Node: wait for the gate file, then check it. */
const AT_GATE = `
  when(() => fs.existsSync(process.env.${GATE_ENV}), () => {
    const { failed } = JSON.parse(fs.readFileSync(process.env.${GATE_ENV}, 'utf8'))
    if (failed.length) { console.log('gate: ' + failed.join(', ') + ' failed'); process.exit(1) }
    log('prerender')
    console.log('summary at prerender: ' + (fs.existsSync('summary.json') ? fs.readFileSync('summary.json', 'utf8') : 'missing'))
  })`

/** A folder for one phase run; its steps stop waiting when the test ends. */
function phaseDir(prefix: string): string {
  const dir = tempDir(prefix)
  onTestFinished(() => writeFileSync(join(dir, 'stop'), ''))
  return dir
}
const events = (dir: string) => readFileSync(join(dir, 'steps.log'), 'utf8').trim().split('\n')

describe('build phases', () => {
  it('in the real step list, every step starts after what it reads is written, and the prerender after the audit and the documents', async () => {
    // Each real step replaced by a stub that logs when it starts and ends. The audit and the
    // documents end only once the pages step has started, so its prerender is waiting for them at
    // the gate: the order below is then the gate's doing, not the stubs' speed.
    const dir = phaseDir('build-phases-real-')
    const holds = new Set(['audit', 'documents'])
    for (const phase of PHASES) {
      const stubs = phase.map((s): Step => {
        const body = s.gated ? AT_GATE : holds.has(s.step) ? `when(() => logged('start pages'), () => {})` : ''
        return {
          ...s,
          cache: undefined,
          argv: () => [process.execPath, '-e', `${STEP_LIB(s.step)} log('start'); process.on('exit', (code) => code || log('end')); ${body}`],
        }
      })
      const results = await runPhase(dir, stubs)
      expect(results.filter((r) => !r.result.ok).map((r) => `${r.result.step}: ${r.output}`)).toEqual([])
    }
    const log = events(dir)
    const at = (event: string) => {
      expect(log, `steps.log has "${event}"`).toContain(event)
      return log.indexOf(event)
    }
    const steps = PHASES.flat().map((s) => s.step)
    // The guard and velite first: a failing guard or a broken content file stops the build before
    // anything reads .velite/ or writes dist/.
    for (const step of steps.filter((s) => s !== 'production guard' && s !== 'content (velite)')) {
      expect(at(`start ${step}`), step).toBeGreaterThan(at('end production guard'))
      expect(at(`start ${step}`), step).toBeGreaterThan(at('end content (velite)'))
    }
    // Vite bundles import the UI key types; the prerender reads the audit summary and the documents manifest.
    expect(at('start pages')).toBeGreaterThan(at('end UI key types'))
    expect(at('start pages')).toBeLessThan(at('end audit'))
    expect(at('prerender pages')).toBeGreaterThan(at('end audit'))
    expect(at('prerender pages')).toBeGreaterThan(at('end documents'))
    // Postbuild reads the pages and the audit's CSVs.
    for (const step of ['pages', 'audit', 'documents']) expect(at('start postbuild')).toBeGreaterThan(at(`end ${step}`))
  })

  it('a gated step sees what the slower steps of its phase wrote, and starts after the step it names', async () => {
    const dir = phaseDir('build-phases-ok-')
    const results = await runPhase(dir, [
      node('keys', `${STEP_LIB('keys')} fs.writeFileSync('keys.txt', '')`),
      // The audit writes its summary only once the render step is waiting at the gate.
      node('audit', `${STEP_LIB('audit')} when(() => logged('start render'), () => fs.writeFileSync('summary.json', '{"ok":true}'))`),
      node('render', `${STEP_LIB('render')} if (!fs.existsSync('keys.txt')) { console.log('started before keys'); process.exit(1) } log('start'); ${AT_GATE}`, {
        startsAfter: 'keys',
        gated: true,
      }),
    ])
    expect(results.map((r) => [r.result.step, r.result.ok])).toEqual([
      ['keys', true],
      ['audit', true],
      ['render', true],
    ])
    expect(results[2]!.output).toBe('summary at prerender: {"ok":true}')
    expect(existsSync(join(dir, '.generated', `prerender-gate-${process.pid}.json`)), 'the gate is removed after the phase').toBe(false)
  })

  it('a gated step fails, naming the step, when a step it waits for fails', async () => {
    const dir = phaseDir('build-phases-audit-fails-')
    const results = await runPhase(dir, [
      node('audit', 'process.exit(1)'),
      node('documents', ''),
      node('render', `${STEP_LIB('render')} ${AT_GATE}`, { gated: true }),
    ])
    expect(results.map((r) => r.result.ok)).toEqual([false, true, false])
    expect(results[2]!.output).toBe('gate: audit failed')
  })

  it('shows a prerender stopped by the gate as its one line, and any other failure whole', () => {
    const stopped =
      'vike v0.4.266 pre-rendering HTML...\nError: prerender: not started, because audit failed (see its output)\n    at waitForGate (entry.mjs:121:32)'
    expect(failureText(stopped)).toBe('prerender: not started, because audit failed (see its output)')
    const broken = 'content/ui/de.yml:8: error: [missing] nav.home\nLocalization audit FAILED: 1 error'
    expect(failureText(broken)).toBe(broken)
  })

  it('a step is not started when the step it starts after fails', async () => {
    const dir = phaseDir('build-phases-keys-fail-')
    const results = await runPhase(dir, [
      node('keys', 'process.exit(2)'),
      node('render', "require('node:fs').writeFileSync('rendered', '')", { startsAfter: 'keys' }),
    ])
    expect(results[1]!.result.ok).toBe(false)
    expect(results[1]!.output).toBe('not started: keys failed')
    expect(existsSync(join(dir, 'rendered'))).toBe(false)
  })
})

describe('waitForGate (renderer/+onPrerenderStart.ts)', () => {
  it('does not wait outside a build', async () => {
    await expect(waitForGate({})).resolves.toBeUndefined()
  })

  it('waits for the gate, and throws naming the steps that failed', async () => {
    const root = tempDir('build-phases-gate-')
    const file = join(root, 'gate.json')
    let done = false
    const waiting = waitForGate({ [GATE_ENV]: file }, { pollMs: 5 }).then(() => {
      done = true
    })
    // One turn of the event loop: a wait that did not look for the file has resolved by then.
    await new Promise(setImmediate)
    expect(done).toBe(false)
    openGate(file, [])
    await waiting

    const failed = join(root, 'failed-gate.json')
    openGate(failed, ['audit', 'documents'])
    await expect(waitForGate({ [GATE_ENV]: failed })).rejects.toThrow('prerender: not started, because audit and documents failed')
  })

  it('gives up after its time limit, naming the file', async () => {
    const file = join(tempDir('build-phases-gate-'), 'never.json')
    await expect(waitForGate({ [GATE_ENV]: file }, { pollMs: 5, timeoutMs: 50 })).rejects.toThrow(`waiting for ${file}`)
  })
})
