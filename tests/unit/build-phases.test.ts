// scripts/build-steps.ts starts `vike build` beside the audit and the documents step, and its
// prerender waits for them through lib/build/prerender-gate.ts. These run real child processes:
// a page rendered before the audit summary or the documents manifest is written would show the
// previous build's, and nothing else in the build would notice.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { GATE_ENV, openGate, waitForGate } from '../../lib/build/prerender-gate'
import { failureText, PHASES, runPhase, type Step } from '../../scripts/build-steps'

const root = mkdtempSync(join(tmpdir(), 'build-phases-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A step that runs `code` in Node, in the phase's folder. */
const node = (step: string, code: string, extra: Partial<Step> = {}): Step => ({ step, argv: () => [process.execPath, '-e', code], ...extra })

/** What the gated step does in the real build, in plain Node: wait for the gate file, then check it. */
const WAIT_FOR_GATE = `
  const fs = require('node:fs')
  const file = process.env.${GATE_ENV}
  const tick = () => {
    if (!fs.existsSync(file)) return setTimeout(tick, 10)
    const { failed } = JSON.parse(fs.readFileSync(file, 'utf8'))
    if (failed.length) { console.log('gate: ' + failed.join(', ') + ' failed'); process.exit(1) }
    console.log('summary at prerender: ' + (fs.existsSync('summary.json') ? fs.readFileSync('summary.json', 'utf8') : 'missing'))
  }
  tick()`

describe('build phases', () => {
  it('the pages step starts after the UI key types and prerenders after the audit and the documents', () => {
    const phase = PHASES.find((p) => p.some((s) => s.step === 'pages'))!
    expect(phase.map((s) => s.step)).toEqual(['UI key types', 'audit', 'documents', 'pages'])
    const vike = phase.find((s) => s.step === 'pages')!
    expect(vike.startsAfter).toBe('UI key types')
    expect(vike.gated).toBe(true)
    expect(PHASES.flat().map((s) => s.step)).toEqual(['production guard', 'content (velite)', 'UI key types', 'audit', 'documents', 'pages', 'postbuild'])
  })

  it('a gated step sees what the slower steps of its phase wrote, and starts after the step it names', async () => {
    const dir = join(root, 'ok')
    mkdirSync(dir)
    const results = await runPhase(dir, [
      node('keys', "require('node:fs').writeFileSync('keys.txt', String(Date.now()))"),
      node('audit', "setTimeout(() => require('node:fs').writeFileSync('summary.json', '{\"ok\":true}'), 400)"),
      node('render', `if (!require('node:fs').existsSync('keys.txt')) { console.log('started before keys'); process.exit(1) } ${WAIT_FOR_GATE}`, {
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
    const dir = join(root, 'audit-fails')
    mkdirSync(dir)
    const results = await runPhase(dir, [node('audit', 'process.exit(1)'), node('documents', ''), node('render', WAIT_FOR_GATE, { gated: true })])
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
    const dir = join(root, 'keys-fail')
    mkdirSync(dir)
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
    const file = join(root, 'gate.json')
    let opened = false
    setTimeout(() => {
      opened = true
      openGate(file, [])
    }, 150)
    await waitForGate({ [GATE_ENV]: file })
    expect(opened).toBe(true)

    const failed = join(root, 'failed-gate.json')
    openGate(failed, ['audit', 'documents'])
    await expect(waitForGate({ [GATE_ENV]: failed })).rejects.toThrow('prerender: not started, because audit and documents failed')
  })

  it('gives up after its time limit, naming the file', async () => {
    const file = join(root, 'never.json')
    await expect(waitForGate({ [GATE_ENV]: file }, { pollMs: 5, timeoutMs: 50 })).rejects.toThrow(`waiting for ${file}`)
  })
})
