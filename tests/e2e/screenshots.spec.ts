// The screenshot comparison of every-page.spec.ts (screenshots.ts) must fail when a language
// breaks. Each case opens a page, checks that it matches its baseline, breaks it the way a
// stylesheet or a translation could, and expects the comparison with the same baseline to fail on
// the pixels. The pages are those of every-page.spec.ts's context (fixtures.ts, sweepPage): the
// pinned fonts and the declined cookie choice in every document.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, readOnlyTest as test } from './fixtures'
import { type Sample, samplePages } from './page-types'
import { BASELINES, matchesBaseline, nameOf, regenerating, settled, VIEWPORTS } from './screenshots'

const samples = samplePages()

/** Opens a sample at the phone width and waits until it is complete, as every-page.spec.ts does. */
async function open(page: Page, s: Sample) {
  await page.setViewportSize(VIEWPORTS.phone)
  await page.goto(s.url)
  if (s.interactive) await expect(page.locator('#root button[type=submit]').first(), `${s.url}: the island hydrates`).toBeEnabled()
  await settled(page, s)
}

const BREAKS = [
  {
    what: 'the Arabic header laid out left to right',
    type: 'product',
    locale: 'ar',
    break: () => {
      const sheet = new CSSStyleSheet()
      sheet.replaceSync('[dir="rtl"] .site-header { direction: ltr; }')
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
    },
  },
  {
    what: 'a German button label that is one long word',
    type: 'home',
    locale: 'de',
    break: () => {
      const button = document.querySelector('main .btn')
      if (!button) throw new Error('no .btn in <main>')
      button.textContent = 'Netzschlauchmusterbestellungsanfrageformular'
    },
  },
]

test.describe('a broken language fails the comparison', () => {
  for (const c of BREAKS) {
    test(c.what, async ({ sweepPage: page }) => {
      // Regenerating would write the broken page over its baseline.
      test.skip(regenerating(), 'not while regenerating the baselines')
      const sample = samples.find((s) => s.type === c.type && s.locale === c.locale)
      if (!sample) throw new Error(`no ${c.type} page in ${c.locale}`)
      const name = nameOf(sample, 'phone')
      // A missing baseline would be written from the broken page: fail instead.
      expect(existsSync(join(BASELINES, ...name)), `baseline ${name.join('/')}`).toBe(true)
      await open(page, sample)
      await matchesBaseline(page, name, { message: 'the unbroken page matches' })
      await page.evaluate(c.break)
      await expect(matchesBaseline(page, name)).rejects.toThrow(/pixels \(ratio [\d.]+ of all image pixels\) are different/)
    })
  }
})
