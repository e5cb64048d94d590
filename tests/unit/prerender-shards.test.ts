// A large catalogue is prerendered in shards, one `vike prerender` each (lib/routing/prerender-shards.ts).
// The split must lose no page, render none twice, and change nothing in what ships: the real site,
// prerendered in three shards from the server bundle `npm run build` wrote, must give the very
// pages the build gave in one run, written over the last site's files and without its leftovers.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pageFolders } from '../../lib/build/reuse-pages'
import { allPageUrls } from '../../lib/routing/prerender'
import { PAGES_PER_PROCESS, PAGES_PER_SHARD, parseShard, shardCount, shardOf } from '../../lib/routing/prerender-shards'
import { pageFiles } from '../../scripts/page-scripts'
import { tempDir } from '../setup/temp-dirs'

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

  it('writes, in three shards, the pages one run wrote', async () => {
    // A copy of what build:prerender reads: the built bundles (dist/ without pages, copied, since the
    // run writes there), and the sources, content and the other tasks' outputs (linked, read only).
    // Its render cache starts empty, so every page is rendered again.
    const dir = tempDir('prerender-shards-')
    const repo = resolve('.')
    const built = pageFiles('dist/client').map((f) => relative('dist/client', f))
    const folders = pageFolders(built)
    cpSync('dist', join(dir, 'dist'), {
      recursive: true,
      filter: (src) => !src.endsWith('.html') && !folders.has(relative('dist/client', src).split(sep)[0]!),
    })
    for (const name of ['node_modules', 'pages', 'renderer', 'components', 'lib', 'content', 'public', 'scripts', '.velite', 'reports'])
      symlinkSync(join(repo, name), join(dir, name))
    for (const name of ['package.json', 'vite.config.ts', 'tsconfig.json']) cpSync(name, join(dir, name))
    mkdirSync(join(dir, '.generated'))
    symlinkSync(join(repo, '.generated/documents'), join(dir, '.generated/documents'))
    // The last site, as `npm run build` moves it aside: a page of it out of date, and one the new
    // site lacks. The run writes over the first and removes the second (lib/build/reuse-pages.ts).
    const last = join(dir, '.turbo/old-dist/1-1/client')
    const [page] = built.filter((f) => f.endsWith(`${sep}index.html`))
    for (const [file, text] of [
      [page!, 'out of date'],
      ['tr/gone/index.html', 'not in the new site'],
    ] as const) {
      mkdirSync(dirname(join(last, file)), { recursive: true })
      writeFileSync(join(last, file), text)
    }
    const inode = statSync(join(last, page!)).ino

    const output = await new Promise<string>((done, fail) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/prerender.ts'], {
        cwd: dir,
        env: { ...process.env, PRERENDER_PAGES_PER_SHARD: String(Math.ceil(urls.length / 3)) },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let text = ''
      child.stdout.on('data', (chunk: Buffer) => (text += chunk))
      child.stderr.on('data', (chunk: Buffer) => (text += chunk))
      child.on('error', fail)
      child.on('close', (status) => (status === 0 ? done(text) : fail(new Error(`scripts/prerender.ts exited ${status}:\n${text}`))))
    })
    expect(output).toContain(`prerender: ${urls.length} pages in 3 shards`)
    expect(output).toMatch(/render cache: 0 of \d+ documents unchanged/) // rendered, not copied from the build

    const sharded = pageFiles(join(dir, 'dist/client')).map((f) => relative(join(dir, 'dist/client'), f))
    expect(sharded.sort()).toEqual(built.sort())
    const differing = built.filter((page) => readFileSync(join('dist/client', page), 'utf8') !== readFileSync(join(dir, 'dist/client', page), 'utf8'))
    expect(differing).toEqual([])
    expect(statSync(join(dir, 'dist/client', page!)).ino).toBe(inode) // written over, not made anew
    expect(existsSync(join(dir, 'dist/client/tr/gone'))).toBe(false)
  }, 120_000)
})
