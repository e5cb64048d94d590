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

  it('Turkish guides: a Turkish slug each, and their first, English-slug paths 301 to it in one step', () => {
    const guides = [...routeTable.routes.values()].filter((r) => r.page === 'guide' && r.paths.tr)
    expect(guides.length).toBeGreaterThanOrEqual(9)
    const file = redirectsFile(list)
    for (const g of guides) {
      const id = g.param!
      const path = g.paths.tr!
      // its own slug under /tr/rehber/, not the English id
      expect(path, id).toMatch(/^\/tr\/rehber\/[a-z0-9-]+\/$/)
      expect(path, id).not.toBe(`/tr/rehber/${id}/`)
      // the old path is no page today, and goes to the Turkish page, with or without the slash
      expect(routeTable.byPath.has(`/tr/rehber/${id}/`), id).toBe(false)
      expect(to(`/tr/rehber/${id}`), id).toBe(path)
      expect(file).toContain(`/tr/rehber/${id} ${path} 301\n`)
      expect(file).toContain(`/tr/rehber/${id}/ ${path} 301\n`)
    }
    expect(to('/tr/rehber/meat-netting')).toBe('/tr/rehber/elastik-et-filesi-nedir/')
    expect(to('/tr/rehber/how-to-choose-netting-size-calculator')).toBe('/tr/rehber/et-filesi-olcusu-nasil-secilir/')
    // the other languages keep the English slug under their prefix: nothing to redirect there
    expect(routeTable.routes.get('guide/meat-netting')?.paths.de).toBe('/de/leitfaden/meat-netting/')
    expect(list.some((r) => r.from.startsWith('/de/leitfaden/'))).toBe(false)
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
