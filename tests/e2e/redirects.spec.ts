// Legacy links answer 301 from the preview server (as from _redirects on a host), and the
// meta-refresh fallback pages point to the same targets. Targets are in the site's URL form:
// page paths end in "/" (lib/routing/table.ts).
import { existsSync, readFileSync } from 'node:fs'
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
  ['/tr/rehber/meat-netting/', '/tr/rehber/elastik-et-filesi-nedir/'],
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

  // Meta-refresh pages are written only for GitHub Pages (npm run build:github-pages,
  // docs/HOSTING.md): in dist/client, Netlify would serve such a file instead of the 301.
  test('_redirects lists every case, and no file shadows a legacy path in dist/client', () => {
    const file = readFileSync('dist/client/_redirects', 'utf8')
    for (const [from, to] of CASES) {
      expect(file).toContain(`${from} ${to} 301`)
      expect(existsSync(`dist/client${from}/index.html`), from).toBe(false)
    }
  })

  test('a browser following a legacy link lands on the page', async ({ page }) => {
    const response = await page.goto('/urunler')
    expect(response!.status()).toBe(200)
    await expect(page).toHaveURL(/\/tr\/elastik-et-kefeni\/$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
  })
})
