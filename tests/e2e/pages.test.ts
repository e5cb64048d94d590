// The spec's routes as a table: URL → status, <html lang dir>, title and main heading.
import { describe, expect, it } from 'vitest'
import { useBrowser } from './browser'

const { page: newPage } = useBrowser()

// [url, status, lang, dir, title contains, h1 contains]
const TABLE: [string, number, string, string, RegExp, RegExp][] = [
  ['/', 200, 'en', 'ltr', /Elastic meat netting manufacturer in Turkey \| Elastinet/, /./],
  ['/en/elastic-meat-netting', 200, 'en', 'ltr', /Elastic meat netting for every type of meat/, /./],
  ['/en/elastic-meat-netting/beef-netting', 200, 'en', 'ltr', /beef netting/i, /Beef Netting/],
  ['/en/meat-netting-wholesale', 200, 'en', 'ltr', /wholesale/i, /./],
  ['/en/bacon-netting', 200, 'en', 'ltr', /Bacon netting/, /./],
  ['/en/compare', 200, 'en', 'ltr', /Compare/, /./],
  ['/en/about', 200, 'en', 'ltr', /About us/, /./],
  ['/en/downloads', 200, 'en', 'ltr', /Compliance documents/, /./],
  ['/en/thank-you', 200, 'en', 'ltr', /Thank you/, /./],
  ['/en/guide/meat-netting', 200, 'en', 'ltr', /Elastic Meat Netting: Types/, /Elastic Meat Netting/],
  ['/en/glossary', 200, 'en', 'ltr', /Glossary/, /Glossary/],
  ['/en/glossary/stitch-count', 200, 'en', 'ltr', /Stitch count/i, /Stitch count/i],
  ['/en/country/germany', 200, 'en', 'ltr', /Germany/, /./],
  ['/en/size-selector', 200, 'en', 'ltr', /Size Selector/, /./],
  ['/en/contact', 200, 'en', 'ltr', /Contact/, /./],
  ['/en/quote', 200, 'en', 'ltr', /Quote/, /./],
  ['/en/samples', 200, 'en', 'ltr', /Sample/, /./],
  ['/en/admin', 200, 'en', 'ltr', /Admin/, /./],
  ['/en/localization-report', 200, 'en', 'ltr', /Localization/, /Localization/],
  ['/tr', 200, 'tr', 'ltr', /\S{3}/, /./],
  ['/tr/elastik-et-kefeni/dana-eti-filesi', 200, 'tr', 'ltr', /\S{3}/, /./],
  ['/tr/rehber/meat-netting', 200, 'tr', 'ltr', /\S{3}/, /./],
  ['/tr/sozluk', 200, 'tr', 'ltr', /\S{3}/, /./],
  ['/tr/ulke/turkiye', 200, 'tr', 'ltr', /\S{3}/, /./],
  ['/de/groessen-auswahl', 200, 'de', 'ltr', /\S{3}/, /./],
  ['/de/leitfaden/meat-netting', 200, 'de', 'ltr', /\S{3}/, /./],
  ['/fr/contact', 200, 'fr', 'ltr', /\S{3}/, /./],
  ['/es/compare', 200, 'es', 'ltr', /\S{3}/, /./],
  ['/it/chi-siamo', 200, 'it', 'ltr', /\S{3}/, /./],
  ['/ar', 200, 'ar', 'rtl', /\S{3}/, /./],
  ['/ar/shabakat-al-luhum-al-marina/shabakat-lahm-al-baqar', 200, 'ar', 'rtl', /\S{3}/, /./],
  ['/ar/dawla/al-imarat', 200, 'ar', 'rtl', /\S{3}/, /./],
  // not-found: unknown language segment, unknown path, pages that do not exist in a locale
  ['/xx/elastic-meat-netting', 404, 'en', 'ltr', /Page not found/, /Page not found/],
  ['/en/no-such-page', 404, 'en', 'ltr', /Page not found/, /Page not found/],
  ['/de/no-such-page', 404, 'de', 'ltr', /\S{3}/, /./],
  ['/ar/shabakat-al-luhum-al-marina/pork-netting', 404, 'ar', 'rtl', /\S{3}/, /./],
  ['/fr/glossaire/stitch-count', 404, 'fr', 'ltr', /\S{3}/, /./],
]

describe('pages', () => {
  it.each(TABLE)('%s → %i, lang=%s dir=%s', async (url, status, lang, dir, title, h1) => {
    const page = await newPage()
    const response = await page.goto(url)
    expect(response!.status()).toBe(status)
    expect(await page.getAttribute('html', 'lang')).toBe(lang)
    expect(await page.getAttribute('html', 'dir')).toBe(dir)
    expect(await page.title()).toMatch(title)
    expect(await page.locator('h1').first().innerText()).toMatch(h1)
    await page.context().close()
  })

  it('the localized not-found page links home and to the products', async () => {
    const page = await newPage()
    await page.goto('/tr/olmayan-sayfa')
    await expect(page.locator('main a[href="/tr"]').count()).resolves.toBeGreaterThan(0)
    await expect(page.locator('main a[href="/tr/elastik-et-kefeni"]').count()).resolves.toBeGreaterThan(0)
    await page.context().close()
  })

  it('placeholder guides in German are noindex and link the English guide', async () => {
    const page = await newPage()
    await page.goto('/de/leitfaden/meat-netting')
    expect(await page.getAttribute('meta[name=robots]', 'content')).toBe('noindex,follow')
    expect(await page.locator('link[rel=alternate]').count()).toBe(0)
    await expect(page.locator('main a[href="/en/guide/meat-netting"]').count()).resolves.toBe(1)
    await page.context().close()
  })

  it('content pages are complete without JavaScript and load no framework code', async () => {
    const page = await newPage({ javaScriptEnabled: false })
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()))
    await page.goto('/en/elastic-meat-netting/beef-netting')
    expect(await page.locator('.spec-table tr').count()).toBe(5)
    expect(await page.locator('#site-nav a[href="/en/meat-netting-wholesale"]').count()).toBe(1)
    await page.context().close()
    const withJs = await newPage()
    const loaded: string[] = []
    withJs.on('request', (r) => r.resourceType() === 'script' && loaded.push(r.url()))
    await withJs.goto('/en/elastic-meat-netting/beef-netting')
    await withJs.waitForLoadState('networkidle')
    expect(loaded.every((u) => /pages_content_client|chunks\//.test(u))).toBe(true)
    expect(loaded.some((u) => /react|entry-server-routing/.test(u))).toBe(false)
    await withJs.context().close()
  })
})
