// The GitHub Pages tree (npm run build:github-pages): no host configuration files, no Jekyll, and
// a meta-refresh page for every legacy link pointing at the same page as _redirects.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { legacyRedirects } from './url-table'

const out = join(mkdtempSync(join(tmpdir(), 'gh-pages-')), 'site')
const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/github-pages.ts', '--out', out], { encoding: 'utf8' })
afterAll(() => rmSync(join(out, '..'), { recursive: true, force: true }))

describe('GitHub Pages tree', () => {
  it('is written from dist/client', () => {
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe(readFileSync('dist/client/index.html', 'utf8'))
  })

  it('leaves out _headers and _redirects and turns Jekyll off', () => {
    expect(readdirSync(out)).not.toContain('_headers')
    expect(readdirSync(out)).not.toContain('_redirects')
    expect(existsSync(join(out, '.nojekyll'))).toBe(true)
  })

  it('has a meta-refresh page with a canonical link for every legacy link', () => {
    const seen = new Set<string>()
    for (const { from, to } of legacyRedirects()) {
      const bare = from.replace(/(.)\/$/, '$1')
      if (seen.has(bare)) continue
      seen.add(bare)
      const html = readFileSync(join(out, bare, 'index.html'), 'utf8')
      expect(html, bare).toContain(`<meta http-equiv="refresh" content="0; url=${to}">`)
      expect(html, bare).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${to.replace(/[/.]/g, '\\$&')}">`))
      expect(html).toContain('<meta name="robots" content="noindex">')
    }
    expect(seen.size).toBe(legacyRedirects().length / 2)
  })
})
