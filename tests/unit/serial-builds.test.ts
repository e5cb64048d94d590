// `npm run dev` builds content one build at a time (server/dev/serial-builds.ts): the output always
// ends as the sources are, however the saves interleave with the builds.
import { describe, expect, it, vi } from 'vitest'
import { serialBuilds } from '../../server/dev/serial-builds'

const rethrow = (e: unknown) => {
  throw e
}

/**
 * Two "files" and a build that reads one, then (while `hold` is set) waits until the test lets it
 * go on, then reads the other and writes both: the test saves files at the moment it chooses.
 */
function site() {
  const files = { a: 'a1', b: 'b1' }
  let output = { a: '', b: '' }
  let active = 0
  let overlapped = false
  let builds = 0
  let hold = true
  const waiting: (() => void)[] = []
  let started: (() => void) | undefined
  const build = async () => {
    active++
    if (active > 1) overlapped = true
    builds++
    const a = files.a
    if (hold)
      await new Promise<void>((go) => {
        waiting.push(go)
        started?.()
      })
    output = { a, b: files.b }
    active--
  }
  return {
    files,
    build,
    output: () => output,
    overlapped: () => overlapped,
    builds: () => builds,
    /** Resolves when the next build has read a and waits. */
    nextBuild: () =>
      new Promise<void>((r) => {
        started = r
      }),
    /** Lets the waiting build go on, and every later one run through. */
    release: () => {
      hold = false
      for (const go of waiting.splice(0)) go()
    },
  }
}

describe('serial content builds', () => {
  it('a save during a build queues one more build, which reads both saves', async () => {
    const s = site()
    const builds = serialBuilds(s.build, rethrow, 5)
    s.files.a = 'a2'
    const first = s.nextBuild()
    builds.changed()
    await first // the first build has read a2 and is working
    s.files.b = 'b2'
    builds.changed()
    s.files.a = 'a3'
    builds.changed()
    s.release()
    await builds.settled()
    expect(s.output()).toEqual({ a: 'a3', b: 'b2' })
    expect(s.overlapped()).toBe(false)
    expect(s.builds()).toBe(2)
  })

  it('saves close together (a "save all", a checkout) start one build', async () => {
    // The settling delay is time itself: on a fake clock, the saves come 2 ms apart exactly.
    vi.useFakeTimers()
    try {
      const s = site()
      s.release()
      const builds = serialBuilds(s.build, rethrow, 20)
      for (const n of [2, 3, 4]) {
        s.files.a = `a${n}`
        s.files.b = `b${n}`
        builds.changed()
        await vi.advanceTimersByTimeAsync(2)
      }
      expect(s.builds()).toBe(0)
      await vi.advanceTimersByTimeAsync(20)
      await builds.settled()
      expect(s.builds()).toBe(1)
      expect(s.output()).toEqual({ a: 'a4', b: 'b4' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('the build queued by a save waits until saves have settled, so it reads a save the watcher did not report', async () => {
    // chokidar drops a file's change event that comes within 50 ms of the last one it reported
    // for that file; the dev server's settling time is longer than that.
    vi.useFakeTimers()
    try {
      const s = site()
      const builds = serialBuilds(s.build, rethrow, 20)
      s.files.a = 'a2'
      const first = s.nextBuild()
      builds.changed()
      await vi.advanceTimersByTimeAsync(20)
      await first
      s.files.a = 'a3'
      builds.changed() // during the first build
      s.release()
      await vi.advanceTimersByTimeAsync(10)
      expect(s.builds(), 'no second build within the settling time of the last save').toBe(1)
      s.files.b = 'b3' // saved, and its change event dropped: no changed()
      await vi.advanceTimersByTimeAsync(10)
      await builds.settled()
      expect(s.builds()).toBe(2)
      expect(s.output()).toEqual({ a: 'a3', b: 'b3' })
    } finally {
      vi.useRealTimers()
    }
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
