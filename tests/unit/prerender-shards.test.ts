// A large catalogue is prerendered in shards, one `vike prerender` each (lib/routing/prerender-shards.ts).
// The split must lose no page, render none twice, and change nothing in what ships: the real site,
// prerendered in three shards from the server bundle `npm run build` wrote, must give the very
// pages the build gave in one run (that run is tests/built/prerender-shards.test.ts, after the build).
import { describe, expect, it } from 'vitest'
import { allPageUrls } from '../../lib/pages/prerender'
import { PAGES_PER_PROCESS, PAGES_PER_SHARD, parseShard, shardCount, shardOf } from '../../lib/routing/prerender-shards'

describe('shards of the prerender', () => {
  const urls = allPageUrls()

  it('reads the shard from the environment and refuses anything but "<index>/<count>"', () => {
    expect(parseShard(undefined)).toEqual({ index: 0, count: 1 })
    expect(parseShard('')).toEqual({ index: 0, count: 1 })
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 })
    for (const bad of ['4/4', '1/0', 'a/2', '1', '-1/2', '1/2/3']) expect(() => parseShard(bad)).toThrow(`PRERENDER_SHARD="${bad}"`)
  })

  it('needs one shard per PAGES_PER_SHARD pages, and one at least', () => {
    expect(shardCount(0)).toBe(1)
    expect(shardCount(PAGES_PER_SHARD)).toBe(1)
    expect(shardCount(PAGES_PER_SHARD + 1)).toBe(2)
    expect(shardCount(7537, 2, 2000)).toBe(4)
  })

  it('gives each core a shard once each gets PAGES_PER_PROCESS pages, and no more shards than that', () => {
    expect(shardCount(urls.length, 2)).toBe(1)
    expect(shardCount(2 * PAGES_PER_PROCESS - 1, 2)).toBe(1)
    expect(shardCount(2 * PAGES_PER_PROCESS, 2)).toBe(2)
    expect(shardCount(7537, 2)).toBe(2)
    expect(shardCount(7537, 4)).toBe(4)
    expect(shardCount(7537, 16)).toBe(7)
  })

  it('gives every URL to exactly one shard, in shares that differ by one page at most', () => {
    for (const count of [1, 2, 3, 7]) {
      const shards = Array.from({ length: count }, (_, index) => shardOf(urls, urls, { index, count }))
      expect(shards.flat().sort()).toEqual([...urls].sort())
      const sizes = shards.map((s) => s.length)
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    }
    // A URL the route table does not list falls to the first shard: never lost.
    expect(shardOf(['/elsewhere/'], urls, { index: 0, count: 3 })).toEqual(['/elsewhere/'])
    expect(shardOf(['/elsewhere/'], urls, { index: 1, count: 3 })).toEqual([])
  })
})
