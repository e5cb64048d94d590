// The header's "current section": a page lies under a menu item when its path starts with the
// item's path, in the URL form where every page path ends in "/".
import { describe, expect, it, vi } from 'vitest'
import { isActive } from '../../lib/navigation'

describe('isActive', () => {
  it('marks the section of a page below it, and the page itself', () => {
    expect(isActive('/de/elastische-fleischnetze/', '/de/elastische-fleischnetze/rindfleisch-netz/', 'de')).toBe(true)
    expect(isActive('/de/elastische-fleischnetze/', '/de/elastische-fleischnetze/', 'de')).toBe(true)
  })
  it('matches whole segments only', () => {
    expect(isActive('/en/glossary/', '/en/glossary-extra/', 'en')).toBe(false)
    expect(isActive('/en/glossary', '/en/glossary-extra/', 'en')).toBe(false)
  })
  it('marks Home only on the locale root', () => {
    expect(isActive('/de/', '/de/', 'de')).toBe(true)
    expect(isActive('/de/', '/de/kontakt/', 'de')).toBe(false)
  })
})

// A catalogue larger than a dropdown: the header carries the first MENU_LIMIT items of the
// route table's order (routes.yml), so that no page grows with the catalogue.
describe('the dropdowns of a large catalogue', () => {
  it('list the first MENU_LIMIT products and guides of the language, in routes.yml order', async () => {
    vi.resetModules()
    const route = (key: string, page: string, langs: string[]) =>
      [key, { key, page, paths: Object.fromEntries(langs.map((l) => [l, `/${l}/${key}/`])) }] as const
    const routes = new Map([
      route('home', 'home', ['en', 'ar']),
      route('products', 'products', ['en', 'ar']),
      ...Array.from({ length: 30 }, (_, i) => route(`product/p${i}`, 'product', i % 2 ? ['en', 'ar'] : ['en'])),
      ...Array.from({ length: 5 }, (_, i) => route(`guide/g${i}`, 'guide', ['en'])),
    ])
    vi.doMock('../../lib/content/data', () => ({ routeTable: { routes } }))
    const { MENU_LIMIT, footerProducts, guideMenu, productMenu } = await import('../../lib/navigation')
    expect(MENU_LIMIT).toBeLessThan(30)
    expect(productMenu('en').map((m) => m.key)).toEqual(Array.from({ length: MENU_LIMIT }, (_, i) => `product/p${i}`))
    // Arabic has every second product: its own first MENU_LIMIT, not the English ones it lacks.
    expect(productMenu('ar').map((m) => m.key)).toEqual(Array.from({ length: MENU_LIMIT }, (_, i) => `product/p${2 * i + 1}`))
    expect(productMenu('ar')[0]!.path).toBe('/ar/product/p1/')
    expect(footerProducts('en')).toEqual(productMenu('en').slice(0, 6))
    expect(guideMenu('en')).toHaveLength(5)
    expect(guideMenu('ar')).toEqual([])
    vi.doUnmock('../../lib/content/data')
    vi.resetModules()
  })
})
