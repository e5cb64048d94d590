// The header's "current section": a page lies under a menu item when its path starts with the
// item's path, in the URL form where every page path ends in "/".
import { describe, expect, it } from 'vitest'
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
