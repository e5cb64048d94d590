import { describe, expect, it } from 'vitest'
import { find, guides, lookup, MissingContentError, products } from './data'

describe('content lookup', () => {
  it('finds what a scan of the list finds, for every entry of every collection', () => {
    for (const list of [products, guides] as { id: string; locale: string }[][])
      for (const { id, locale } of list) expect(lookup(list, id, locale)).toBe(list.find((x) => x.id === id && x.locale === locale))
  })
  it('gives the first of two entries with the same id and locale, and nothing for an absent one', () => {
    const first = { id: 'a', locale: 'en', n: 1 }
    const list = [{ id: 'a', locale: 'de', n: 0 }, first, { id: 'a', locale: 'en', n: 2 }]
    expect(lookup(list, 'a', 'en')).toBe(first)
    expect(lookup(list, 'b', 'en')).toBeUndefined()
  })
  it('find names the file a translator must create', () => {
    expect(() => find(products, 'pork', 'xx' as 'en', 'content/products/pork/xx.yml')).toThrow(MissingContentError)
    expect(() => find(products, 'pork', 'xx' as 'en', 'content/products/pork/xx.yml')).toThrow('content/products/pork/xx.yml: missing')
  })
})
