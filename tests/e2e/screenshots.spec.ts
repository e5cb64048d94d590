// Every page type in every locale it exists in (page-types.ts), at a phone and a desktop width,
// compared with the committed baselines in tests/e2e/__screenshots__/<type>/<locale>-<width>.png
// by toHaveScreenshot: an RTL or overflow break in one language shows up as a failed comparison
// with a diff image in reports/playwright-results/, not only to someone reading Arabic or German.
//
// Regenerate after an intended change: `npm run test:screenshots:update` (docs/TESTING.md).
// The baselines are drawn by Debian's Chromium on Linux: another browser build or system may
// antialias differently, and the comparison would then say so; regenerate there.
//
// What keeps two runs pixel-identical:
// - fonts from npm, not the machine (pinned-fonts.ts), loaded before the shot (document.fonts.ready);
// - the cookie choice stored before any page script (declined), so the banner never shows;
// - a page is shot once complete: `load`, the islands hydrated (their submit button enabled, as
//   budgets-islands.spec.ts checks), the images in view decoded;
// - toHaveScreenshot's defaults: CSS animations and transitions finished or cancelled, the caret
//   hidden, CSS pixels (a viewport shot, not the full page: one screen per page keeps both the
//   run and the PNGs small, and a broken header, hero, form or RTL layout shows in it);
// - the footer's year (the build's `new Date()`) masked, on the short pages where it is in view.
//
// One worker-wide context and page, like readerPage (fixtures.ts): a fresh one per test costs
// about half a second of CPU. Pages never call the backend signed out, so nothing is routed.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import { COOKIE_KEY } from '../../components/layout/consent-keys'
import { type Sample, samplePages, samplesByType } from './page-types'
import { PINNED_FAMILIES, pinFonts } from './pinned-fonts'

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } }
type Width = keyof typeof VIEWPORTS

/** Where toHaveScreenshot keeps them (playwright.config.ts, expect.toHaveScreenshot.pathTemplate). */
const BASELINES = join(import.meta.dirname, '__screenshots__')

/** The baseline's name: <type>/<locale>-<width>.png, the type as a folder name. */
const nameOf = (s: Pick<Sample, 'type' | 'locale'>, width: Width) => [s.type.replace(/\W+/g, '-').replace(/-$/, ''), `${s.locale}-${width}.png`]

/**
 * Antialiasing noise stays under this (about 330 pixels at the phone width, 1,000 at the desktop
 * one); a real break is far over it: a header laid out left to right in Arabic, or one long German
 * word in a button, fails it (the self-test below).
 */
const shotOptions = (page: Page) => ({ maxDiffPixelRatio: 0.001, mask: [page.locator('.footer-legal p')] })

/** Run with --update-snapshots (npm run test:screenshots:update). */
const regenerating = () => ['all', 'changed'].includes(test.info().config.updateSnapshots)

const test = base.extend<object, { shotPage: Page }>({
  shotPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
      await context.addInitScript((key) => localStorage.setItem(key, 'declined'), COOKIE_KEY)
      await pinFonts(context)
      await use(await context.newPage())
      await context.close()
    },
    { scope: 'worker' },
  ],
})

/** Opens a sample at the phone width and waits until it is complete (see the top of the file). */
async function open(page: Page, s: Sample) {
  await page.setViewportSize(VIEWPORTS.phone)
  await page.goto(s.url)
  if (s.interactive) await expect(page.locator('#root button[type=submit]').first(), `${s.url}: the island hydrates`).toBeEnabled()
  await settled(page, s)
}

/** Waits for the fonts and the images in view (after a load or a resize). */
async function settled(page: Page, s: Sample) {
  const font = await page.evaluate(async () => {
    await document.fonts.ready
    const inView = [...document.images].filter((img) => {
      const r = img.getBoundingClientRect()
      return r.bottom > 0 && r.top < innerHeight && r.width > 0
    })
    await Promise.all(inView.map((img) => img.decode().catch(() => undefined)))
    return getComputedStyle(document.body).fontFamily
  })
  expect(font, `${s.url}: the pinned fonts come first`).toMatch(new RegExp(`^"${PINNED_FAMILIES[0]}"`))
}

/**
 * Shoots the page at both widths: loaded at the phone width, then widened to the desktop one (one
 * load per page instead of two; nothing in the site's scripts reads the width).
 */
async function shootBothWidths(page: Page, s: Sample) {
  await open(page, s)
  await expect.soft(page, `${s.url} at phone width`).toHaveScreenshot(nameOf(s, 'phone'), shotOptions(page))
  await page.setViewportSize(VIEWPORTS.desktop)
  await settled(page, s)
  await expect.soft(page, `${s.url} at desktop width`).toHaveScreenshot(nameOf(s, 'desktop'), shotOptions(page))
}

const samples = samplePages()

for (const [type, list] of samplesByType(samples)) {
  test(`${type} (${list.map((s) => s.locale).join(', ')}) at a phone and a desktop width looks as its baselines`, async ({ shotPage: page }) => {
    test.setTimeout(test.info().timeout * (1 + list.length / 3)) // a third of the budget per page
    for (const s of list) await shootBothWidths(page, s)
  })
}

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

// The suite must fail when a language breaks. Each case opens a page, checks that it matches its
// baseline, breaks it the way a stylesheet or a translation could, and expects the comparison
// with the same baseline to fail on the pixels.
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
    test(c.what, async ({ shotPage: page }) => {
      // Regenerating would write the broken page over its baseline.
      test.skip(regenerating(), 'not while regenerating the baselines')
      const sample = samples.find((s) => s.type === c.type && s.locale === c.locale)
      if (!sample) throw new Error(`no ${c.type} page in ${c.locale}`)
      const name = nameOf(sample, 'phone')
      // A missing baseline would be written from the broken page: fail instead.
      expect(existsSync(join(BASELINES, ...name)), `baseline ${name.join('/')}`).toBe(true)
      await open(page, sample)
      await expect(page, 'the unbroken page matches').toHaveScreenshot(name, shotOptions(page))
      await page.evaluate(c.break)
      await expect(expect(page).toHaveScreenshot(name, shotOptions(page))).rejects.toThrow(/pixels \(ratio [\d.]+ of all image pixels\) are different/)
    })
  }
})
