// `npm run dev` builds content one build at a time (server/dev/serial-builds.ts): the output always
// ends as the sources are, however the saves interleave with the builds.
import { describe, expect, it } from 'vitest'
import { serialBuilds } from '../../server/dev/serial-builds'

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms))
const rethrow = (e: unknown) => {
  throw e
}

/** Two "files" and a build that reads one, works a while, then reads the other and writes both. */
function site(buildMs = 30) {
  const files = { a: 'a1', b: 'b1' }
  let output = { a: '', b: '' }
  let active = 0
  let overlapped = false
  let builds = 0
  const build = async () => {
    active++
    if (active > 1) overlapped = true
    builds++
    const a = files.a
    await tick(buildMs)
    const b = files.b
    await tick(5)
    output = { a, b }
    active--
  }
  return { files, build, output: () => output, overlapped: () => overlapped, builds: () => builds }
}

describe('serial content builds', () => {
  it('a save during a build queues one more build, which reads both saves', async () => {
    const s = site()
    const builds = serialBuilds(s.build, rethrow, 5)
    s.files.a = 'a2'
    builds.changed()
    await tick(15) // the first build has read a2 and is working
    s.files.b = 'b2'
    builds.changed()
    s.files.a = 'a3'
    builds.changed()
    await builds.settled()
    expect(s.output()).toEqual({ a: 'a3', b: 'b2' })
    expect(s.overlapped()).toBe(false)
    expect(s.builds()).toBe(2)
  })

  it('saves close together (a "save all", a checkout) start one build', async () => {
    const s = site()
    const builds = serialBuilds(s.build, rethrow, 20)
    for (const n of [2, 3, 4]) {
      s.files.a = `a${n}`
      s.files.b = `b${n}`
      builds.changed()
      await tick(2)
    }
    await builds.settled()
    expect(s.builds()).toBe(1)
    expect(s.output()).toEqual({ a: 'a4', b: 'b4' })
  })

  it('a failed build is reported and the next save builds again', async () => {
    const errors: unknown[] = []
    let fail = true
    let done = 0
    const builds = serialBuilds(
      async () => {
        if (fail) throw new Error('broken file')
        done++
      },
      (e) => errors.push(e),
      1,
    )
    builds.changed()
    await builds.settled()
    expect(errors).toHaveLength(1)
    fail = false
    builds.changed()
    await builds.settled()
    expect(done).toBe(1)
  })

  it('settled() resolves at once when nothing is building', async () => {
    const builds = serialBuilds(async () => {}, rethrow)
    await expect(builds.settled()).resolves.toBeUndefined()
  })
})
