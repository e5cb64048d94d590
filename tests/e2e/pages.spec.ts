// The spec's routes as a table: URL → status, <html lang dir>, title and main heading. Page URLs
// are in the site's one URL form: every page path ends in "/" (lib/routing/table.ts).
import { expect, readOnlyTest as test } from './fixtures'
import { watchNetwork } from './network'

// [url, status, lang, dir, title contains, h1 contains]
const TABLE: [string, number, string, string, RegExp, RegExp][] = [
  ['/', 200, 'en', 'ltr', /Elastic meat netting manufacturer in Turkey \| Elastinet/, /./],
  ['/en/elastic-meat-netting/', 200, 'en', 'ltr', /Elastic meat netting for every type of meat/, /./],
  ['/en/elastic-meat-netting/beef-netting/', 200, 'en', 'ltr', /beef netting/i, /Beef Netting/],
  ['/en/meat-netting-wholesale/', 200, 'en', 'ltr', /wholesale/i, /./],
  ['/en/bacon-netting/', 200, 'en', 'ltr', /Bacon netting/, /./],
  ['/en/compare/', 200, 'en', 'ltr', /Compare/, /./],
  ['/en/about/', 200, 'en', 'ltr', /About us/, /./],
  ['/en/downloads/', 200, 'en', 'ltr', /Compliance documents/, /./],
  ['/en/thank-you/', 200, 'en', 'ltr', /Thank you/, /./],
  ['/en/guide/meat-netting/', 200, 'en', 'ltr', /Elastic Meat Netting: Types/, /Elastic Meat Netting/],
  ['/en/glossary/', 200, 'en', 'ltr', /Glossary/, /Glossary/],
  ['/en/glossary/stitch-count/', 200, 'en', 'ltr', /Stitch count/i, /Stitch count/i],
  ['/en/country/germany/', 200, 'en', 'ltr', /Germany/, /./],
  ['/en/size-selector/', 200, 'en', 'ltr', /Size Selector/, /./],
  ['/en/contact/', 200, 'en', 'ltr', /Contact/, /./],
  ['/en/quote/', 200, 'en', 'ltr', /Quote/, /./],
  ['/en/samples/', 200, 'en', 'ltr', /Sample/, /./],
  ['/en/admin/', 200, 'en', 'ltr', /Admin/, /./],
  ['/en/localization-report/', 200, 'en', 'ltr', /Localization/, /Localization/],
  ['/tr/', 200, 'tr', 'ltr', /\S{3}/, /./],
  ['/tr/elastik-et-kefeni/dana-eti-filesi/', 200, 'tr', 'ltr', /\S{3}/, /./],
  ['/tr/rehber/elastik-et-filesi-nedir/', 200, 'tr', 'ltr', /\S{3}/, /./],
  ['/tr/sozluk/', 200, 'tr', 'ltr', /\S{3}/, /./],
  ['/tr/ulke/turkiye/', 200, 'tr', 'ltr', /\S{3}/, /./],
  ['/de/groessen-auswahl/', 200, 'de', 'ltr', /\S{3}/, /./],
  ['/de/leitfaden/meat-netting/', 200, 'de', 'ltr', /\S{3}/, /./],
  ['/fr/contact/', 200, 'fr', 'ltr', /\S{3}/, /./],
  ['/es/compare/', 200, 'es', 'ltr', /\S{3}/, /./],
  ['/it/chi-siamo/', 200, 'it', 'ltr', /\S{3}/, /./],
  ['/ar/', 200, 'ar', 'rtl', /\S{3}/, /./],
  ['/ar/shabakat-al-luhum-al-marina/shabakat-lahm-al-baqar/', 200, 'ar', 'rtl', /\S{3}/, /./],
  ['/ar/dawla/al-imarat/', 200, 'ar', 'rtl', /\S{3}/, /./],
  // not-found: unknown language segment, unknown path, pages that do not exist in a locale
  ['/xx/elastic-meat-netting/', 404, 'en', 'ltr', /Page not found/, /Page not found/],
  ['/en/no-such-page/', 404, 'en', 'ltr', /Page not found/, /Page not found/],
  ['/de/no-such-page/', 404, 'de', 'ltr', /\S{3}/, /./],
  ['/ar/shabakat-al-luhum-al-marina/pork-netting/', 404, 'ar', 'rtl', /\S{3}/, /./],
  ['/fr/glossaire/stitch-count/', 404, 'fr', 'ltr', /\S{3}/, /./],
]

test.describe('pages', () => {
  for (const [url, status, lang, dir, title, h1] of TABLE) {
    test(`${url} → ${status}, lang=${lang} dir=${dir}`, async ({ readerPage: page }) => {
      const response = await page.goto(url)
      expect(response!.status()).toBe(status)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.locator('html')).toHaveAttribute('dir', dir)
      await expect(page).toHaveTitle(title)
      await expect(page.locator('h1').first()).toHaveText(h1, { useInnerText: true })
    })
  }

  test('every page of the route table is served at its path ending in "/"', async ({ request }) => {
    const { routeTable } = await import('../../lib/content/data')
    const paths = [...routeTable.routes.values()].flatMap((r) => Object.values(r.paths))
    expect(paths.filter((p) => !p.endsWith('/'))).toEqual([])
    const failing: string[] = []
    for (const path of paths) {
      const status = (await request.get(path)).status()
      if (status !== 200) failing.push(`${path} → ${status}`)
    }
    expect(failing).toEqual([])
  })

  test('the localized not-found page links home and to the products', async ({ readerPage: page }) => {
    await page.goto('/tr/olmayan-sayfa/')
    await expect(page.locator('main a[href="/tr/"]').first()).toBeVisible()
    await expect(page.locator('main a[href="/tr/elastik-et-kefeni/"]').first()).toBeVisible()
  })

  test('placeholder guides in German are noindex and link the English guide', async ({ readerPage: page }) => {
    await page.goto('/de/leitfaden/meat-netting/')
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex,follow')
    await expect(page.locator('link[rel=alternate]')).toHaveCount(0)
    await expect(page.locator('main a[href="/en/guide/meat-netting/"]')).toHaveCount(1)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })
    test('content pages are complete without JavaScript', async ({ page }) => {
      await page.goto('/en/elastic-meat-netting/beef-netting/')
      await expect(page.locator('.spec-table tr')).toHaveCount(5)
      await expect(page.locator('#site-nav a[href="/en/meat-netting-wholesale/"]')).toHaveCount(1)
    })
  })

  test('content pages load no script file at all: their one small script is inline (hash in the CSP) and runs', async ({ page }) => {
    const loaded: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && loaded.push(r.url()))
    await page.clock.install()
    const network = watchNetwork(page)
    await page.goto('/en/elastic-meat-netting/beef-netting/')
    await network.quiet()
    expect(loaded).toEqual([])
    // The inline scripts run: the one in the head shows the cookie banner, the page script marks the page.
    await expect(page.locator('#cookie-banner')).toBeVisible()
    await expect(page.locator('html')).toHaveClass(/\bjs\b/)
  })
})
