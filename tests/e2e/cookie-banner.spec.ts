// The cookie banner is a bar in the page flow under the header (components/layout/cookie-banner.tsx):
// it covers nothing the buyer reads or has asked for, and showing it moves nothing. On a phone and a
// desktop, with the banner open, the size selector's answer is in view and on top; the banner
// records the choice; and no layout shift comes with loading the page, shown or not.
import { expect, test, type Page } from '@playwright/test'

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } }

/**
 * Sums the layout shifts CLS counts (none caused by input), from the first paint on. Left out: a
 * shift of the header alone (its actions row filling in), seen now and then on a wide screen with
 * the banner hidden as well, when the browser paints the header before the rest of the HTML has
 * arrived; the banner, under the header, can neither cause nor prevent it.
 */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number }
    w.shifts = 0
    type Shift = { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] }
    const inHeader = (n?: Node | null) => Boolean(n && (n instanceof Element ? n : n.parentElement)?.closest('.site-header'))
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Shift[]) if (!e.hadRecentInput && !e.sources.every((s) => inHeader(s.node))) w.shifts += e.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
}
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts)

/** Loads a page and waits until it is complete: `load`, its web fonts, and (on the selector) the hydrated island. */
async function open(page: Page, url: string) {
  await page.goto(url)
  await page.waitForLoadState('load')
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

/** The part of `el` inside the viewport that something else is drawn over at its centre, or null. */
const coveredAt = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect()
    const x = r.left + r.width / 2
    const y = Math.max(r.top, 0) + (Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)) / 2
    const top = document.elementFromPoint(x, y)
    return top && el.contains(top) ? null : (top?.closest('[id]')?.id ?? top?.tagName ?? 'nothing')
  })

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport })

    test('with the banner open, the size selector answers in view, and the banner covers none of it', async ({ page }) => {
      await recordShifts(page)
      await open(page, '/en/size-selector/')
      const banner = page.locator('#cookie-banner')
      await expect(banner).toBeVisible()
      await expect(page.locator('form.size-form button[type="submit"]')).toBeEnabled()
      expect(await shifts(page), 'layout shift while loading with the banner').toBeLessThanOrEqual(0.01)

      await page.locator('#size-circumference').fill('314')
      await page.locator('input[name="process"][value="drying"]').check()
      await page.locator('#size-product').selectOption('sausage-salami')
      await page.locator('form.size-form button[type="submit"]').click()
      const result = page.locator('.size-result article')
      const heading = result.getByRole('heading', { name: 'Recommended netting' })
      await expect(heading).toBeInViewport()
      await expect(result.locator('dd').nth(1)).toHaveText('100 mm') // the inner diameter, the size to ask for
      await expect(banner).toBeVisible()
      expect(await coveredAt(page, '#size-result-heading'), 'drawn over the result heading').toBeNull()
      // The two boxes do not meet, wherever the page is scrolled: nothing of the answer is under the banner.
      const [b, r] = [(await banner.boundingBox())!, (await result.boundingBox())!]
      expect(b.y + b.height).toBeLessThanOrEqual(r.y)

      // The choice is still recorded.
      await page.locator('#cookie-banner [data-consent="accepted"]').click()
      await expect(banner).toBeHidden()
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted')
      await expect(heading).toBeVisible()
    })

    test('a returning visitor never sees the banner, and nothing shifts while the page loads', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'))
      await recordShifts(page)
      await open(page, '/en/size-selector/')
      await expect(page.locator('form.size-form button[type="submit"]')).toBeEnabled()
      await expect(page.locator('#cookie-banner')).toBeHidden()
      expect(await shifts(page)).toBeLessThanOrEqual(0.01)
    })
  })
}

test('a content page loads with the banner open and nothing shifts; focus stays where the buyer put it', async ({ page }) => {
  await recordShifts(page)
  await open(page, '/de/')
  await expect(page.locator('#cookie-banner')).toBeVisible()
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
  expect(await shifts(page)).toBeLessThanOrEqual(0.01)
})

for (const how of ['Decline', 'the close button', 'Escape']) {
  test(`${how} stores declined and hands focus to the page (Arabic, right to left)`, async ({ page }) => {
    await open(page, '/ar/')
    const banner = page.locator('#cookie-banner')
    await expect(banner).toBeVisible()
    // The close button sits where the line ends: on the left in Arabic.
    const [close, inner] = [(await banner.locator('.cookie-close').boundingBox())!, (await banner.locator('.cookie-inner').boundingBox())!]
    expect(close.x + close.width / 2).toBeLessThan(inner.x + inner.width / 2)
    if (how === 'Decline') await banner.locator('.cookie-actions [data-consent="declined"]').click()
    if (how === 'the close button') await banner.locator('.cookie-close').click()
    if (how === 'Escape') {
      await banner.locator('[data-consent="accepted"]').focus()
      await page.keyboard.press('Escape')
    }
    await expect(banner).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('declined')
    await expect(page.locator('#main')).toBeFocused()
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/\bjs\b/) // the page script has run
    await expect(banner).toBeHidden()
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('no banner: nothing could be stored', async ({ page }) => {
    await page.goto('/en/about/')
    await expect(page.locator('#cookie-banner')).toBeHidden()
  })
})

test('where storage is blocked, no banner on every page (it could not remember the choice)', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError')
      },
    })
  })
  await open(page, '/en/about/')
  await expect(page.locator('html')).toHaveClass(/\bjs\b/)
  await expect(page.locator('#cookie-banner')).toBeHidden()
})
