// Security headers (issue 6 §7): the preview server applies dist/client/_headers, the same file a
// static host reads. In Chromium, no page type in any locale reports a Content-Security-Policy
// violation (event or console error) while it loads and hydrates; the policy stays strict.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { samplePages, samplesByType, type Sample } from './page-types'

const samples = samplePages()
const byType = samplesByType(samples)

/** The directives of a policy: "script-src" → ["'self'", …]. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  )
}

/** Collects securitypolicyviolation events from the first script on, in every document. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
    )
  })
}

/** Everything CSP-related a page reports while it loads and (for interactive pages) hydrates. */
async function violationsOn(page: Page, s: Sample): Promise<string[]> {
  const found: string[] = []
  const onConsole = (m: { text(): string; type(): string }) => {
    if (/Content[ -]Security[ -]Policy|\bCSP\b/i.test(m.text())) found.push(`console ${m.type()}: ${m.text()}`)
  }
  const onError = (e: Error) => /Content Security Policy/i.test(e.message) && found.push(`page error: ${e.message}`)
  page.on('console', onConsole)
  page.on('pageerror', onError)
  const response = await page.goto(s.url)
  expect(response, s.url).not.toBeNull()
  // Interactive pages: until the network is idle, hydration may still fetch code.
  await page.waitForLoadState(s.interactive ? 'networkidle' : 'load')
  const events = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)
  page.off('console', onConsole)
  page.off('pageerror', onError)
  return [...found, ...events]
}

test.describe('Content-Security-Policy and security headers', () => {
  test('the served headers are the ones in _headers, on pages, assets, 404s and redirects', async ({ request }) => {
    const file = readFileSync('dist/client/_headers', 'utf8')
    const html = readFileSync('dist/client/index.html', 'utf8')
    const asset = html.match(/href="(\/assets\/[^"]+\.css)"/)![1]!
    for (const path of ['/', '/ar/', '/en/quote/', '/en/no-such-page/', asset, '/products', '/sitemap.xml']) {
      const headers = (await request.get(path, { maxRedirects: 0 })).headers()
      for (const name of ['Content-Security-Policy', 'Referrer-Policy', 'X-Content-Type-Options']) {
        const value = headers[name.toLowerCase()]
        expect(value, `${path} ${name}`).toBeTruthy()
        expect(file, `_headers lists ${name}`).toContain(`${name}: ${value}`)
      }
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|strict-origin|same-origin|no-referrer)$/)
    }
  })

  test('the policy is strict: no inline or eval script, no plugins, no framing, no base or form hijack', async ({ request }) => {
    const csp = directives((await request.get('/')).headers()['content-security-policy']!)
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

  // One representative URL per page type per locale (page-types.ts); one test per page type.
  for (const [type, list] of byType) {
    test(`no CSP violation on ${type} pages (${list.map((s) => s.locale).join(', ')})`, async ({ page }) => {
      await recordViolations(page)
      const problems: string[] = []
      for (const s of list) for (const v of await violationsOn(page, s)) problems.push(`${s.locale} ${s.url}: ${v}`)
      expect(problems).toEqual([])
    })
  }

  test('covers every page type in every locale', () => {
    expect(samples.length).toBeGreaterThan(100)
    expect(
      byType
        .get('product')!
        .map((s) => s.locale)
        .sort(),
    ).toEqual(['ar', 'de', 'en', 'es', 'fr', 'it', 'tr'])
  })

  // Proves the detector above is not vacuous: an injected inline script must be reported.
  test('an inline script is blocked and reported', async ({ page }) => {
    await recordViolations(page)
    await page.goto('/en/about/')
    const ran = await page.evaluate(() => {
      const s = document.createElement('script')
      s.textContent = 'window.__inlineRan = true'
      document.body.append(s) // an allowed inline script would have run synchronously here
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true
    })
    expect(ran).toBe(false)
    await expect.poll(() => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp.join('\n'))).toContain('script-src-elem')
  })

  test('the page cannot be framed by another origin', async ({ page, baseURL }) => {
    // about:blank embeds the site: a different origin from the preview server's. setContent
    // waits for the load event, which waits for the iframe.
    await page.setContent(`<iframe src="${baseURL}/en/about/"></iframe>`)
    const framed = page.frames().find((f) => f.url().includes('/en/about/'))
    const loaded = framed ? await framed.evaluate(() => document.title).catch(() => '') : ''
    expect(loaded).toBe('')
  })
})
