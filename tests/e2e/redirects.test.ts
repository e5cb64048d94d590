// Legacy links answer 301 from the preview server (as from _redirects on a host), and the
// meta-refresh fallback pages point to the same targets.
import { readFileSync } from 'node:fs'
import { describe, expect, inject, it } from 'vitest'

const CASES: [string, string][] = [
  ['/products', '/en/elastic-meat-netting'],
  ['/products/beef-netting', '/en/elastic-meat-netting/beef-netting'],
  ['/size-selector', '/en/size-selector'],
  ['/about', '/en/about'],
  ['/contact', '/en/contact'],
  ['/quote', '/en/quote'],
  ['/compare', '/en/compare'],
  ['/samples', '/en/samples'],
  ['/glossary', '/en/glossary'],
  ['/urunler', '/tr/elastik-et-kefeni'],
  ['/tr/urunler', '/tr/elastik-et-kefeni'],
  ['/tr/products/beef-netting', '/tr/elastik-et-kefeni/dana-eti-filesi'],
  ['/ar/products/pork-netting', '/ar/shabakat-al-luhum-al-marina'],
  ['/en', '/'],
]

describe('redirects', () => {
  it.each(CASES)('%s → 301 %s', async (from, to) => {
    const response = await fetch(inject('baseUrl') + from, { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(to)
  })

  it('_redirects lists every case, and each has a meta-refresh page with a canonical link', () => {
    const file = readFileSync('dist/client/_redirects', 'utf8')
    for (const [from, to] of CASES) {
      expect(file).toContain(`${from} ${to} 301`)
      const html = readFileSync(`dist/client${from}/index.html`, 'utf8')
      expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${to}">`)
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${to.replace(/\//g, '\\/')}"`))
    }
  })

  it('a browser following a legacy link lands on the page', async () => {
    const response = await fetch(inject('baseUrl') + '/urunler')
    expect(response.status).toBe(200)
    expect(new URL(response.url).pathname).toBe('/tr/elastik-et-kefeni')
  })
})
