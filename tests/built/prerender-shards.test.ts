// The real site, prerendered in three shards from the server bundle `npm run build` wrote, must give
// the very pages the build gave in one run (lib/routing/prerender-shards.ts; the split itself:
// tests/unit/prerender-shards.test.ts).
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { allPageUrls } from '../../lib/pages/prerender'
import { pageFiles } from '../../scripts/page-scripts'
import { tempDir } from '../setup/temp-dirs'

describe('shards of the prerender, on the built site', () => {
  const urls = allPageUrls()

  it('writes, in three shards, the pages one run wrote', async () => {
    // A copy of what build:prerender reads: the built bundles (dist/ without pages, copied, since the
    // run writes there), and the sources, content and the other tasks' outputs (linked, read only).
    const dir = tempDir('prerender-shards-')
    const repo = resolve('.')
    const built = pageFiles('dist/client').map((f) => relative('dist/client', f))
    cpSync('dist', join(dir, 'dist'), { recursive: true, filter: (src) => !src.endsWith('.html') && !src.endsWith('ui-key-usage.json') })
    for (const name of ['node_modules', 'pages', 'renderer', 'components', 'lib', 'content', 'public', 'scripts', '.velite', 'reports'])
      symlinkSync(join(repo, name), join(dir, name))
    for (const name of ['package.json', 'vite.config.ts', 'tsconfig.json']) cpSync(name, join(dir, name))
    mkdirSync(join(dir, '.generated'))
    symlinkSync(join(repo, '.generated/documents'), join(dir, '.generated/documents'))

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

    const sharded = pageFiles(join(dir, 'dist/client')).map((f) => relative(join(dir, 'dist/client'), f))
    expect(sharded.sort()).toEqual(built.sort())
    const differing = built.filter((page) => readFileSync(join('dist/client', page), 'utf8') !== readFileSync(join(dir, 'dist/client', page), 'utf8'))
    expect(differing).toEqual([])
    // The runs' UI key usage merges into the one run's file (lib/i18n/key-usage.ts).
    expect(readFileSync(join(dir, 'dist/ui-key-usage.json'), 'utf8')).toBe(readFileSync('dist/ui-key-usage.json', 'utf8'))
  }, 120_000)
})
