// The layout shell: skip link, dropdowns, mobile menu, WhatsApp (spec §2, §4); the cookie banner
// has cookie-banner.spec.ts. Timers run on page.clock, CSS animations are read through the
// Web Animations API (the floating WhatsApp button's delay): no test sleeps.
import type { Page } from '@playwright/test'
import { expect, readOnlyTest as test } from './fixtures'

/** A fake clock that stands still until the test moves it (it survives navigations). */
async function stopClock(page: Page) {
  const start = new Date('2026-03-02T09:00:00Z').getTime()
  await page.clock.install({ time: start })
  await page.clock.pauseAt(start + 1000)
}

test.describe('layout', () => {
  test('the skip link is the first focusable element and moves focus to main', async ({ page }) => {
    await page.goto('/en/about/')
    await page.keyboard.press('Tab')
    await expect(page.locator('.skip-link')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('main#main')).toBeFocused()
  })

  test('highlights the current section; Home only on the locale root', async ({ page }) => {
    await page.goto('/de/elastische-fleischnetze/rindfleisch-netz/')
    await expect(page.locator('#site-nav a[href="/de/elastische-fleischnetze/"]')).toHaveAttribute('class', 'active')
    await expect(page.locator('#site-nav a[href="/de/"]')).not.toHaveAttribute('class')
    await page.goto('/de/')
    await expect(page.locator('#site-nav a[href="/de/"]')).toHaveAttribute('class', 'active')
  })

  test('the products dropdown opens by keyboard and closes on Escape', async ({ page }) => {
    await page.goto('/en/about/')
    const dropdown = page.locator('#menu-products')
    const toggle = page.locator('[aria-controls="menu-products"]')
    await expect(dropdown).toBeHidden()
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(dropdown).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
  })

  // The page script is inline on form pages too (lib/build/inline-scripts.ts, inlinePageScript):
  // the menus and the banner do not wait for the form's island, which loads after `load`.
  test('on a form page the menu and the cookie banner work while the form script is still loading', async ({ page }) => {
    await stopClock(page)
    const held: string[] = []
    await page.route('**/assets/entries/**', (route) => {
      held.push(route.request().url()) // never answered: the island stays away
    })
    await page.goto('/en/quote/')
    await expect.poll(() => held.length).toBeGreaterThan(0)
    const toggle = page.locator('[aria-controls="menu-products"]')
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(page.locator('#menu-products')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await page.locator('#cookie-banner [data-consent="accepted"]').click()
    await expect(page.locator('#cookie-banner')).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted')
    await expect(page.locator('form.lead-form button[type=submit]')).toBeDisabled()
  })

  test('the products dropdown opens on hover', async ({ page }) => {
    await page.goto('/en/about/')
    await page.hover('#site-nav a[href="/en/elastic-meat-netting/"]')
    await expect(page.locator('#menu-products')).toBeVisible()
  })

  test.describe('on a small screen', () => {
    test.use({ viewport: { width: 390, height: 800 } })
    test('the menu is collapsed behind a toggle', async ({ page }) => {
      await page.goto('/en/about/')
      const nav = page.locator('#site-nav')
      await expect(nav).toBeHidden()
      await page.click('.menu-toggle')
      await expect(nav).toBeVisible()
      await expect(page.locator('.menu-toggle')).toHaveAttribute('aria-expanded', 'true')
      await page.keyboard.press('Escape')
      await expect(nav).toBeHidden()
    })
  })

  test('WhatsApp links open in a new tab without an opener, the floating button after 1 s', async ({ page }) => {
    await page.goto('/en/about/')
    const links = page.locator('a[href^="https://wa.me/"]')
    await expect(links.first()).toBeAttached()
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', /noopener/)
    }
    // A CSS animation delay (page.clock does not drive CSS): set the animation's own clock.
    const float = page.locator('.whatsapp-float')
    const visibilityAt = (ms: number) =>
      float.evaluate((el, t) => {
        const animation = el.getAnimations()[0]!
        animation.pause()
        animation.currentTime = t
        return getComputedStyle(el).visibility
      }, ms)
    expect(await visibilityAt(0)).toBe('hidden')
    expect(await visibilityAt(950)).toBe('hidden')
    expect(await visibilityAt(1400)).toBe('visible')
    await float.evaluate((el) => el.getAnimations()[0]!.finish())
    await expect(float).toBeVisible()
  })
})

test.describe('responsive layout', () => {
  // The longest menus (German, French) and right-to-left Arabic at common widths. One load per
  // page, then the viewport is resized: media queries and the header's ResizeObserver follow a
  // resize as they follow a load at that width.
  const cases = ['/de/groessen-auswahl/', '/fr/a-propos/', '/ar/talab-tasir/', '/en/quote/', '/it/rete-elastica-per-carne/']
  for (const url of cases) {
    test(`no horizontal scrolling on ${url} at 1440, 1280, 1024, 768 and 390 px`, async ({ page }) => {
      await page.goto(url)
      for (const width of [1440, 1280, 1024, 768, 390]) {
        await page.setViewportSize({ width, height: 900 })
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `${url} at ${width}px` })
          .toBeLessThanOrEqual(0)
        await expect(page.locator('.header-actions .btn-primary'), `${url} at ${width}px: Get Quote visible`).toBeVisible()
      }
    })
  }
})
