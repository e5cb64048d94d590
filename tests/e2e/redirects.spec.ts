// Legacy links answer 301 from the preview server (as from _redirects on a host), and the
// meta-refresh fallback pages point to the same targets. Targets are in the site's URL form:
// page paths end in "/" (lib/routing/table.ts).
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'

const CASES: [string, string][] = [
  ['/products', '/en/elastic-meat-netting/'],
  ['/products/beef-netting', '/en/elastic-meat-netting/beef-netting/'],
  ['/size-selector', '/en/size-selector/'],
  ['/about', '/en/about/'],
  ['/contact', '/en/contact/'],
  ['/quote', '/en/quote/'],
  ['/compare', '/en/compare/'],
  ['/samples', '/en/samples/'],
  ['/glossary', '/en/glossary/'],
  ['/urunler', '/tr/elastik-et-kefeni/'],
  ['/tr/urunler', '/tr/elastik-et-kefeni/'],
  ['/tr/products/beef-netting', '/tr/elastik-et-kefeni/dana-eti-filesi/'],
  ['/ar/products/pork-netting', '/ar/shabakat-al-luhum-al-marina/'],
  ['/en', '/'],
]

test.describe('redirects', () => {
  for (const [from, to] of CASES) {
    test(`${from} → 301 ${to}`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 })
      expect(response.status()).toBe(301)
      expect(response.headers().location).toBe(to)
    })
  }

  test('an old link written with a trailing slash redirects the same way', async ({ request }) => {
    const response = await request.get('/products/beef-netting/', { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers().location).toBe('/en/elastic-meat-netting/beef-netting/')
  })

  test('_redirects lists every case, and each has a meta-refresh page with a canonical link', () => {
    const file = readFileSync('dist/client/_redirects', 'utf8')
    for (const [from, to] of CASES) {
      expect(file).toContain(`${from} ${to} 301`)
      const html = readFileSync(`dist/client${from}/index.html`, 'utf8')
      expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${to}">`)
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${to.replace(/\//g, '\\/')}"`))
    }
  })

  test('a browser following a legacy link lands on the page', async ({ page }) => {
    const response = await page.goto('/urunler')
    expect(response!.status()).toBe(200)
    await expect(page).toHaveURL(/\/tr\/elastik-et-kefeni\/$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
  })
})
