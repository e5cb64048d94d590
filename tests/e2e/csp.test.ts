// Security headers (issue 6 §7): the preview server applies dist/client/_headers, the same file a
// static host reads. In Chromium, no page type in any locale reports a Content-Security-Policy
// violation (event or console error) while it loads and hydrates; the policy stays strict.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { useBrowser } from './browser'
import { samplePages } from './page-types'

const { page: newPage } = useBrowser()
const samples = samplePages()

/** The directives of a policy: "script-src" → ["'self'", …]. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!.toLowerCase(), values]))
}

/** Everything CSP-related a page reports while it loads and (for interactive pages) hydrates. */
async function violationsOn(page: Page, url: string, hydrates: boolean): Promise<string[]> {
  const found: string[] = []
  page.on('console', (m) => {
    if (/Content[ -]Security[ -]Policy|\bCSP\b/i.test(m.text())) found.push(`console ${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => /Content Security Policy/i.test(e.message) && found.push(`page error: ${e.message}`))
  const response = await page.goto(url)
  expect(response, url).not.toBeNull()
  await page.waitForLoadState(hydrates ? 'networkidle' : 'load')
  if (hydrates) await page.waitForFunction(() => document.getElementById('root')?.hasChildNodes())
  const events = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)
  return [...found, ...events]
}

describe('Content-Security-Policy and security headers', () => {
  it('the served headers are the ones in _headers, on pages, assets, 404s and redirects', async () => {
    const base = inject('baseUrl')
    const file = readFileSync('dist/client/_headers', 'utf8')
    const html = readFileSync('dist/client/index.html', 'utf8')
    const asset = html.match(/href="(\/assets\/[^"]+\.css)"/)![1]!
    for (const path of ['/', '/ar', '/en/quote', '/en/no-such-page', asset, '/products', '/sitemap.xml']) {
      const res = await fetch(base + path, { redirect: 'manual' })
      for (const name of ['Content-Security-Policy', 'Referrer-Policy', 'X-Content-Type-Options']) {
        const value = res.headers.get(name)
        expect(value, `${path} ${name}`).toBeTruthy()
        expect(file, `_headers lists ${name}`).toContain(`${name}: ${value}`)
      }
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(res.headers.get('Referrer-Policy')).toMatch(/^(strict-origin-when-cross-origin|strict-origin|same-origin|no-referrer)$/)
    }
  })

  it('the policy is strict: no inline or eval script, no plugins, no framing, no base or form hijack', async () => {
    const res = await fetch(inject('baseUrl') + '/')
    const csp = directives(res.headers.get('Content-Security-Policy')!)
    expect(csp.get('default-src')).toEqual(["'self'"])
    const scripts = csp.get('script-src')!
    expect(scripts).toContain("'self'")
    for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'http:', 'https:']) expect(scripts).not.toContain(loose)
    expect(csp.get('style-src')).not.toContain("'unsafe-inline'")
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
    expect(csp.get('form-action')).toEqual(["'self'"])
  })

  // One representative URL per page type per locale (page-types.ts), in parallel tabs.
  it(`no CSP violation on any page type in any locale (${samples.length} pages)`, { timeout: 300_000 }, async () => {
    const problems: string[] = []
    const queue = [...samples]
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        const page = await newPage()
        await page.addInitScript(() => {
          const w = window as unknown as { __csp: string[] }
          w.__csp = []
          document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`))
        })
        for (let s = queue.shift(); s; s = queue.shift()) {
          for (const v of await violationsOn(page, s.url, s.interactive)) problems.push(`${s.type}/${s.locale} ${s.url}: ${v}`)
        }
        await page.context().close()
      }),
    )
    expect(problems).toEqual([])
  })

  // Proves the detector above is not vacuous: an injected inline script must be reported.
  it('an inline script is blocked and reported', async () => {
    const page = await newPage()
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] }
      w.__csp = []
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(e.violatedDirective))
    })
    await page.goto('/en/about')
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script')
      s.textContent = 'window.__inlineRan = true'
      document.body.append(s)
      await new Promise((r) => setTimeout(r, 50))
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true
    })
    expect(ran).toBe(false)
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toContain('script-src-elem')
    await page.context().close()
  })

  it('the page cannot be framed by another origin', async () => {
    const page = await newPage()
    // about:blank embeds the site: a different origin from the preview server's. setContent
    // waits for the load event, which waits for the iframe.
    await page.setContent(`<iframe src="${inject('baseUrl')}/en/about"></iframe>`)
    const framed = page.frames().find((f) => f.url().includes('/en/about'))
    const loaded = framed ? await framed.evaluate(() => document.title).catch(() => '') : ''
    expect(loaded).toBe('')
    await page.context().close()
  })
})
