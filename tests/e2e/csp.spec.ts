// Security headers: the preview server applies dist/client/_headers, the same file a
// static host reads; the policy stays strict. That no page type in any locale reports a violation
// while it loads and hydrates is checked in every-page.spec.ts.
import { readFileSync } from 'node:fs'
import { expect, readOnlyTest as test } from './fixtures'
import { recordViolations, recordedViolations } from './page-checks'

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

  // Proves the detector (every-page.spec.ts runs it on every page type) is not vacuous: an injected inline script must be reported.
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
    await expect.poll(async () => (await recordedViolations(page)).join('\n')).toContain('script-src-elem')
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
