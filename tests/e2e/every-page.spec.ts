// Every page type in every locale, one visit each (page-types.ts derives one URL per type per
// locale from the route table, about 130 pages), all the per-page checks in that visit:
// - it looks as its baselines at a phone and a desktop width (screenshots.ts: loaded at the phone
//   width, shot, widened to the desktop one, shot again; nothing in the site's scripts reads the
//   width), so an RTL or overflow break in one language shows up as a failed comparison with a
//   diff image in reports/playwright-results/, not only to someone reading Arabic or German;
// - no Content-Security-Policy violation while it loads and hydrates;
// - axe-core finds no WCAG 2.1 A/AA violation.
// One test per page type; the workers share the types. screenshots.spec.ts proves that a broken
// language fails the comparison, csp.spec.ts and a11y.spec.ts that the other two can fail.
//
// The colour-contrast rule runs in English, German (the longest words, so the most wrapping) and
// Arabic (right to left, its own font); the other locales run every other rule. Colours come
// from the page type's stylesheet, not from the language, and the rule is almost half of axe's
// time on a page. The opened states (menus, cookie banner, phone layout) are checked with
// contrast in a11y.spec.ts.
//
// The pages share one context per worker (fixtures.ts, sweepPage): a fresh context per test costs
// about half a second of CPU. Every document of it gets the CSP recorder, axe, the declined cookie
// choice (no banner) and the pinned fonts before its own scripts. Pages never call the backend
// signed out, so nothing is routed (the fixture fails the test if one does).
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, readOnlyTest as test } from './fixtures'
import { axe, staleFor, watchCsp } from './page-checks'
import { samplePages, samplesByType } from './page-types'
import { BASELINES, matchesBaseline, nameOf, regenerating, settled, VIEWPORTS, type Width } from './screenshots'

const CONTRAST_LOCALES = new Set(['en', 'de', 'ar'])

const samples = samplePages()

test.describe('every page type in every locale', () => {
  for (const [type, list] of samplesByType(samples)) {
    test(`${type} pages (${list.map((s) => s.locale).join(', ')}): look as their baselines at a phone and a desktop width, no CSP violation, no WCAG 2.1 A/AA violation`, async ({
      sweepPage: page,
    }) => {
      test.setTimeout(test.info().timeout * (1 + list.length / 3)) // a third of the budget per page
      const csp: string[] = []
      const a11y: string[] = []
      for (const s of list) {
        const watch = watchCsp(page)
        try {
          await page.setViewportSize(VIEWPORTS.phone)
          if (!(await page.goto(s.url))) csp.push(`${s.locale} ${s.url}: no response`)
          if (s.interactive) await expect(page.locator('#root button[type=submit]').first(), `${s.url}: the island hydrates`).toBeEnabled()
          await settled(page, s)
          await matchesBaseline(page, nameOf(s, 'phone'), { message: `${s.url} at phone width`, soft: true })
          await page.setViewportSize(VIEWPORTS.desktop)
          await settled(page, s)
          await matchesBaseline(page, nameOf(s, 'desktop'), { message: `${s.url} at desktop width`, soft: true })
          for (const v of await watch.collect(s.interactive)) csp.push(`${s.locale} ${s.url}: ${v}`)
        } finally {
          watch.stop()
        }
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

  test('every baseline belongs to a page the suite opens (regenerating deletes the others)', () => {
    const wanted = new Set(samples.flatMap((s) => (Object.keys(VIEWPORTS) as Width[]).map((w) => nameOf(s, w).join('/'))))
    const files = existsSync(BASELINES) ? readdirSync(BASELINES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.png')) : []
    const orphans = files.map((f) => f.split('\\').join('/')).filter((f) => !wanted.has(f))
    if (regenerating()) {
      for (const f of orphans) rmSync(join(BASELINES, f))
      return
    }
    expect(orphans, `baselines in ${relative(process.cwd(), BASELINES)} that no test compares: run npm run test:screenshots:update`).toEqual([])
  })
})
