// The bench's floor under a cold build (scripts/bench/report.ts, extraWorkFloor): the CPU of the
// steps whose work the peers do not do, spread over the cores, against the peer's wall time.
// The like-for-like verdict of issue 14 quotes it, so it must count exactly those steps, and
// they must be steps the build has (a renamed step would otherwise drop out of the floor).
import { describe, expect, it } from 'vitest'
import { STEPS } from '../../scripts/bench/build-steps'
import { type BuildReport, extraWorkFloor, STEPS_PEERS_LACK } from '../../scripts/bench/report'

const step = (name: string, cpuMs: number) => ({ step: name, ms: cpuMs, cpuMs, ok: true, tail: '' })

function build(factor: number, peerWallMs?: number): BuildReport {
  return {
    factor,
    products: 8 * factor,
    guides: 9 * factor,
    pages: 292 * factor,
    redirectStubs: 0,
    ms: 50_000,
    cpuMs: 90_000,
    msPerPage: 1,
    pagesPerSecond: 1,
    ok: true,
    steps: STEPS.map((s) => step(s.step, { documents: 45_000, audit: 4_000, 'content (velite)': 13_000 }[s.step] ?? 1_000)),
    warnings: [],
    notes: [],
    ...(peerWallMs ? { peer: { name: 'Astro', version: '5', ok: true, wallMs: peerWallMs, cpuMs: 37_000, pages: 292 * factor } } : {}),
  } as BuildReport
}

describe('the floor the extra work puts under a cold build', () => {
  it('names steps the build has', () => {
    const names = STEPS.map((s) => s.step)
    for (const name of STEPS_PEERS_LACK) expect(names).toContain(name)
  })

  it('is the CPU of the data sheets and the audit, spread over the cores, against the peer', () => {
    const floor = extraWorkFloor(build(16, 30_000), 2)
    expect(floor.cpuMs).toBe(49_000)
    expect(floor.wallMs).toBe(24_500)
    expect(floor.ratio).toBeCloseTo(24_500 / 30_000, 10)
    expect(extraWorkFloor(build(16, 30_000), 4).wallMs).toBe(12_250)
    expect(extraWorkFloor(build(16), 2).ratio).toBeUndefined()
  })
})
