// Old /products/<slug> links redirect to each product page, not to a "/products/" that would
// overwrite the page of the same name (paths end in "/" since the URL form landed).
import { describe, expect, it } from 'vitest'
import { redirects } from '../../lib/build/redirects'
import { buildRouteTable } from '../../lib/routing/table'

const table = buildRouteTable(
  { pages: { home: {}, products: { en: 'elastic-meat-netting', tr: 'elastik-et-filesi' } }, collections: { product: { parent: 'products', items: { pork: { en: 'pork-netting', tr: 'domuz' } } } }, legacy: [] } as never,
  [{ code: 'en' }, { code: 'tr' }] as never,
)

describe('legacy product redirects', () => {
  it('use the product slug', () => {
    const list = redirects(table, [{ from: '/products', to: 'products', locale: 'en' }])
    expect(list).toContainEqual({ from: '/products/pork-netting', to: '/en/elastic-meat-netting/pork-netting/' })
    expect(list).toContainEqual({ from: '/tr/products/pork-netting', to: '/tr/elastik-et-filesi/domuz/' })
    expect(list.map((r) => r.from)).not.toContain('/products/')
  })
})
