// The spec's route table (section 2), checked against content/routes.yml through the same
// functions the site uses: localized → logical → localized.
import { describe, expect, it } from 'vitest'
import { routeTable, routes } from '../../lib/content/data'
import { localeOfPath, pathFor, resolvePath, switchTarget } from '../../lib/routing/paths'
import { buildRouteTable, RouteTableError } from '../../lib/routing/table'

// [logical key, locale, path] straight from the spec; null slugs fall back to English.
const SPEC: [string, string, string][] = [
  ['home', 'en', '/'],
  ['home', 'tr', '/tr/'],
  ['home', 'ar', '/ar/'],
  ['products', 'en', '/en/elastic-meat-netting/'],
  ['products', 'tr', '/tr/elastik-et-kefeni/'],
  ['products', 'de', '/de/elastische-fleischnetze/'],
  ['products', 'fr', '/fr/filet-a-viande-elastique/'],
  ['products', 'es', '/es/malla-elastica-para-carne/'],
  ['products', 'it', '/it/rete-elastica-per-carne/'],
  ['wholesale', 'en', '/en/meat-netting-wholesale/'],
  ['bacon', 'en', '/en/bacon-netting/'],
  ['size-selector', 'en', '/en/size-selector/'],
  ['size-selector', 'tr', '/tr/boyut-secici/'],
  ['size-selector', 'de', '/de/groessen-auswahl/'],
  ['size-selector', 'fr', '/fr/selecteur-taille/'],
  ['size-selector', 'es', '/es/selector-tamano/'],
  ['size-selector', 'it', '/it/selettore-dimensioni/'],
  ['about', 'tr', '/tr/hakkimizda/'],
  ['about', 'de', '/de/uber-uns/'],
  ['about', 'fr', '/fr/a-propos/'],
  ['about', 'es', '/es/acerca-de/'],
  ['about', 'it', '/it/chi-siamo/'],
  ['contact', 'tr', '/tr/iletisim/'],
  ['contact', 'de', '/de/kontakt/'],
  ['contact', 'fr', '/fr/contact/'], // null → English slug
  ['contact', 'es', '/es/contacto/'],
  ['contact', 'it', '/it/contatti/'],
  ['quote', 'tr', '/tr/teklif/'],
  ['quote', 'de', '/de/angebot/'],
  ['quote', 'fr', '/fr/devis/'],
  ['quote', 'es', '/es/cotizacion/'],
  ['quote', 'it', '/it/preventivo/'],
  ['thank-you', 'tr', '/tr/tesekkurler/'],
  ['thank-you', 'de', '/de/danke/'],
  ['thank-you', 'fr', '/fr/merci/'],
  ['thank-you', 'es', '/es/gracias/'],
  ['thank-you', 'it', '/it/grazie/'],
  ['compare', 'tr', '/tr/karsilastir/'],
  ['compare', 'de', '/de/vergleichen/'],
  ['compare', 'fr', '/fr/comparer/'],
  ['compare', 'es', '/es/compare/'], // null → English slug
  ['compare', 'it', '/it/confronta/'],
  ['samples', 'tr', '/tr/numuneler/'],
  ['samples', 'de', '/de/muster/'],
  ['samples', 'fr', '/fr/echantillons/'],
  ['samples', 'es', '/es/muestras/'],
  ['samples', 'it', '/it/campioni/'],
  ['admin', 'en', '/en/admin/'],
  ['localization-report', 'en', '/en/localization-report/'],
  ['glossary', 'en', '/en/glossary/'],
  ['glossary', 'tr', '/tr/sozluk/'],
  ['glossary', 'de', '/de/glossar/'],
  ['glossary', 'fr', '/fr/glossaire/'],
  ['glossary', 'es', '/es/glosario/'],
  ['product/pork', 'en', '/en/elastic-meat-netting/pork-netting/'],
  ['product/sausage-salami', 'en', '/en/elastic-meat-netting/sausage-salami-netting/'],
  ['product/beef', 'tr', '/tr/elastik-et-kefeni/dana-eti-filesi/'],
  ['guide/meat-netting', 'en', '/en/guide/meat-netting/'],
  ['guide/meat-netting', 'tr', '/tr/rehber/elastik-et-filesi-nedir/'],
  ['guide/ham-netting-guide', 'de', '/de/leitfaden/ham-netting-guide/'],
  ['guide/ham-netting-guide', 'es', '/es/guia/ham-netting-guide/'],
  ['country/germany', 'en', '/en/country/germany/'],
  ['country/turkey', 'tr', '/tr/ulke/turkiye/'],
]

describe('route table', () => {
  it('gives every page one URL form: a trailing slash, as the build writes <path>/index.html', () => {
    for (const route of routeTable.routes.values()) for (const path of Object.values(route.paths)) expect(path).toMatch(/^\/(.*\/)?$/)
  })

  it.each(SPEC)('%s in %s lives at %s and resolves back', (key, locale, path) => {
    expect(pathFor(routeTable, key, locale as never)).toBe(path)
    expect(resolvePath(routeTable, path)).toMatchObject({ key, locale })
  })

  it('every path of every route resolves to that route and locale (round trip)', () => {
    let count = 0
    for (const route of routeTable.routes.values()) {
      for (const [locale, path] of Object.entries(route.paths)) {
        expect(resolvePath(routeTable, path)).toMatchObject({ key: route.key, locale })
        count++
      }
    }
    expect(count).toBeGreaterThan(250)
  })

  it('has the eight products under every listing, pork and bacon-ham not in Arabic', () => {
    const products = [...routeTable.routes.values()].filter((r) => r.page === 'product')
    expect(products.map((p) => p.param)).toEqual(['pork', 'beef', 'lamb', 'poultry', 'turkey', 'bacon-ham', 'pastrami', 'sausage-salami'])
    for (const p of products) {
      for (const [locale, path] of Object.entries(p.paths)) expect(path.startsWith(routeTable.routes.get('products')!.paths[locale as never]!)).toBe(true)
    }
    expect(routeTable.routes.get('product/pork')!.paths.ar).toBeUndefined()
    expect(routeTable.routes.get('product/bacon-ham')!.paths.ar).toBeUndefined()
    expect(routeTable.routes.get('product/beef')!.paths.ar).toBeDefined()
  })

  it('admin and the localization report exist in English only', () => {
    expect(Object.keys(routeTable.routes.get('admin')!.paths)).toEqual(['en'])
    expect(Object.keys(routeTable.routes.get('localization-report')!.paths)).toEqual(['en'])
  })

  it('guides and glossary are placeholders outside en and tr; glossary terms exist in en and tr only', () => {
    expect(routeTable.routes.get('guide/meat-netting')!.placeholderIn.sort()).toEqual(['ar', 'de', 'es', 'fr', 'it'])
    expect(routeTable.routes.get('glossary')!.placeholderIn.sort()).toEqual(['ar', 'de', 'es', 'fr', 'it'])
    expect(Object.keys(routeTable.routes.get('glossary-term/stitch-count')!.paths).sort()).toEqual(['en', 'tr'])
  })

  it('unknown language segments and unknown paths do not resolve', () => {
    expect(resolvePath(routeTable, '/xx/elastic-meat-netting')).toBeUndefined()
    expect(resolvePath(routeTable, '/en/no-such-page')).toBeUndefined()
    expect(resolvePath(routeTable, '/products')).toBeUndefined() // legacy: a redirect, not a page
    expect(localeOfPath(routeTable, '/xx/about')).toBe('en')
    expect(localeOfPath(routeTable, '/de/whatever')).toBe('de')
  })

  it('resolves a path with or without its trailing slash, or with index.html, to the same page', () => {
    expect(resolvePath(routeTable, '/tr/teklif')).toMatchObject({ key: 'quote', locale: 'tr' })
    expect(resolvePath(routeTable, '/tr/teklif/')).toMatchObject({ key: 'quote', locale: 'tr' })
    expect(resolvePath(routeTable, '/tr/teklif/index.html')).toMatchObject({ key: 'quote', locale: 'tr' })
  })

  it('the switcher sends a reader to the same page, or the nearest existing one', () => {
    const pork = routeTable.routes.get('product/pork')!
    expect(switchTarget(routeTable, pork, 'de')).toBe('/de/elastische-fleischnetze/schweinefleisch-netz/')
    expect(switchTarget(routeTable, pork, 'ar')).toBe(routeTable.routes.get('products')!.paths.ar)
    expect(switchTarget(routeTable, routeTable.routes.get('admin')!, 'tr')).toBe('/tr/')
  })
})

describe('route table validation', () => {
  const locales = [{ code: 'en' as const }, { code: 'tr' as const }]
  it('rejects two pages on the same path in a locale, naming both', () => {
    const bad = { pages: { a: { en: 'a', tr: 'same' }, b: { en: 'b', tr: 'same' } }, collections: {}, legacy: [] }
    expect(() => buildRouteTable(bad as never, locales)).toThrow(/"\/tr\/same\/" \(tr\) is used by both a and b/)
  })
  it('a null slug falls back to the English slug under the locale prefix', () => {
    const table = buildRouteTable({ pages: { contact: { en: 'contact', tr: null } }, collections: {}, legacy: [] } as never, locales)
    expect(table.routes.get('contact')!.paths).toEqual({ en: '/en/contact/', tr: '/tr/contact/' })
  })
  it('rejects a collection whose parent page does not exist', () => {
    const bad = { pages: { home: {} }, collections: { product: { parent: 'nope', items: { a: {} } } }, legacy: [] }
    expect(() => buildRouteTable(bad as never, locales)).toThrow(RouteTableError)
  })
  it('builds the real table', () => {
    expect(
      buildRouteTable(
        routes,
        routeTable.locales.map((code) => ({ code })),
      ).routes.size,
    ).toBe(routeTable.routes.size)
  })
})
