// The old app's links → today's pages: targets in the one URL form, each old link in both spellings.
import { describe, expect, it } from 'vitest'
import { redirects, redirectsFile } from '../../lib/build/redirects'
import { routes, routeTable } from '../../lib/content/data'

const list = redirects(routeTable, routes.legacy, routes.legacyProducts)
const to = (from: string) => list.find((r) => r.from === from)?.to

describe('legacy redirects', () => {
  it('send old links to page paths that end in "/"', () => {
    expect(to('/urunler')).toBe('/tr/elastik-et-kefeni/')
    expect(to('/en')).toBe('/')
    for (const r of list) {
      expect(r.to, r.from).toMatch(/\/$/)
      expect(routeTable.byPath.has(r.to), `${r.from} → ${r.to}`).toBe(true)
    }
  })

  it('keep the old product links by their English slug, in every language (Arabic: the listing for pork)', () => {
    expect(to('/products/beef-netting')).toBe('/en/elastic-meat-netting/beef-netting/')
    expect(to('/tr/products/beef-netting')).toBe('/tr/elastik-et-kefeni/dana-eti-filesi/')
    expect(to('/ar/products/pork-netting')).toBe('/ar/shabakat-al-luhum-al-marina/')
    expect(list.some((r) => r.from.endsWith('/products/'))).toBe(false)
  })

  it("redirect only the old app's products: a product added since gets no made-up old link", () => {
    const only = redirects(routeTable, [], { 'beef-netting': 'beef' })
    expect(only.filter((r) => r.from.includes('/products/')).map((r) => r.from)).toEqual(
      routeTable.locales.map((l) => (l === routeTable.defaultLocale ? '' : `/${l}`) + '/products/beef-netting'),
    )
    expect(() => redirects(routeTable, [], { 'x-netting': 'nope' })).toThrow(/legacyProducts "x-netting" names "nope", which is not a product/)
  })

  it('never redirect a path that is a page today', () => {
    for (const r of list) expect(routeTable.byPath.has(`${r.from}/`), r.from).toBe(false)
    expect(() => redirects(routeTable, [{ from: '/en/about', to: 'about', locale: 'en' }])).toThrow(/legacy link "\/en\/about" is a page of the site today/)
    expect(() => redirects(routeTable, [{ from: '/x', to: 'bacon', locale: 'ar' }])).toThrow(/legacy target "bacon" does not exist in "ar"/)
  })

  it('list each old link with and without a trailing slash (Cloudflare matches exactly)', () => {
    expect(redirectsFile([{ from: '/urunler', to: '/tr/elastik-et-kefeni/' }])).toBe(
      '/urunler /tr/elastik-et-kefeni/ 301\n/urunler/ /tr/elastik-et-kefeni/ 301\n',
    )
  })
})
