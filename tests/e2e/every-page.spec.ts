// Every page type in every locale, one visit each (page-types.ts derives one URL per type per
// locale from the route table, about 150 pages): while the page loads and hydrates, no
// Content-Security-Policy violation, and axe-core finds no WCAG 2.1 A/AA violation. One test per page type; the workers share the types.
//
// The colour-contrast rule runs in English, German (the longest words, so the most wrapping) and
// Arabic (right to left, its own font); the other locales run every other rule. Colours come
// from the page type's stylesheet, not from the language, and the rule is almost half of axe's
// time on a page. The opened states (menus, cookie banner, phone layout) are checked with
// contrast in a11y.spec.ts.
//
// The pages share one context per worker (fixtures.ts, auditPage) with axe and the CSP recorder
// in every document: a fresh context per test costs about half a second of CPU.
import { expect, readOnlyTest as test } from './fixtures'
import { axe, openWatchingCsp, staleFor } from './page-checks'
import { samplePages, samplesByType } from './page-types'

const CONTRAST_LOCALES = new Set(['en', 'de', 'ar'])

const samples = samplePages()

test.describe('every page type in every locale', () => {
  for (const [type, list] of samplesByType(samples)) {
    test(`${type} pages (${list.map((s) => s.locale).join(', ')}): no CSP violation, no WCAG 2.1 A/AA violation`, async ({ auditPage: page }) => {
      test.setTimeout(test.info().timeout * (1 + list.length / 3)) // a third of the budget per page
      const csp: string[] = []
      const a11y: string[] = []
      for (const s of list) {
        for (const v of await openWatchingCsp(page, s.url, s.interactive)) csp.push(`${s.locale} ${s.url}: ${v}`)
        await expect(page.locator('#root, main').first(), s.url).not.toBeEmpty()
        for (const v of await axe(page, s.type, { contrast: CONTRAST_LOCALES.has(s.locale) })) a11y.push(`${s.locale} ${s.url}\n    ${v}`)
      }
      expect(csp, 'Content-Security-Policy').toEqual([])
      expect(a11y, a11y.join('\n')).toEqual([])
      expect(staleFor(type)).toEqual([])
    })
  }

  test('covers every page type, each in every locale it exists in', () => {
    const types = new Set(samples.map((s) => s.type))
    for (const t of [
      'home',
      'products',
      'product',
      'wholesale',
      'bacon',
      'compare',
      'about',
      'downloads',
      'thank-you',
      'guide',
      'guide (placeholder)',
      'glossary',
      'glossary (placeholder)',
      'glossary-term',
      'country',
      'not-found',
      'size-selector',
      'contact',
      'quote',
      'samples',
      'admin',
      'localization-report',
    ]) {
      expect(types, t).toContain(t)
    }
    expect(samples.length).toBeGreaterThan(100)
    const product = samplesByType(samples).get('product')!
    expect(product.map((s) => s.locale).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'it', 'tr'])
    // Contrast is checked in a left-to-right and the right-to-left locale.
    expect(samples.some((s) => s.locale === 'ar' && CONTRAST_LOCALES.has(s.locale))).toBe(true)
  })
})
