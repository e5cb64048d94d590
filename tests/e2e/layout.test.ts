// The layout shell: skip link, dropdowns, mobile menu, WhatsApp, cookie banner (spec §2, §4, §9).
import { describe, expect, it } from 'vitest'
import { useBrowser } from './browser'

const { page: newPage } = useBrowser()

describe('layout', () => {
  it('the skip link is the first focusable element and moves focus to main', async () => {
    const page = await newPage()
    await page.goto('/en/about')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await page.context().close()
  })

  it('highlights the current section; Home only on the locale root', async () => {
    const page = await newPage()
    await page.goto('/de/elastische-fleischnetze/rindfleisch-netz')
    expect(await page.getAttribute('#site-nav a[href="/de/elastische-fleischnetze"]', 'class')).toBe('active')
    expect(await page.getAttribute('#site-nav a[href="/de"]', 'class')).toBeNull()
    await page.goto('/de')
    expect(await page.getAttribute('#site-nav a[href="/de"]', 'class')).toBe('active')
    await page.context().close()
  })

  it('the products dropdown opens by keyboard and closes on Escape', async () => {
    const page = await newPage()
    await page.goto('/en/about')
    const dropdown = page.locator('#menu-products')
    expect(await dropdown.isVisible()).toBe(false)
    await page.focus('[aria-controls="menu-products"]')
    await page.keyboard.press('Enter')
    expect(await page.getAttribute('[aria-controls="menu-products"]', 'aria-expanded')).toBe('true')
    expect(await dropdown.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    expect(await page.getAttribute('[aria-controls="menu-products"]', 'aria-expanded')).toBe('false')
    await page.context().close()
  })

  it('the products dropdown opens on hover', async () => {
    const page = await newPage()
    await page.goto('/en/about')
    await page.hover('#site-nav a[href="/en/elastic-meat-netting"]')
    expect(await page.locator('#menu-products').isVisible()).toBe(true)
    await page.context().close()
  })

  it('on a small screen the menu is collapsed behind a toggle', async () => {
    const page = await newPage({ viewport: { width: 390, height: 800 } })
    await page.goto('/en/about')
    const nav = page.locator('#site-nav')
    expect(await nav.isVisible()).toBe(false)
    await page.click('.menu-toggle')
    expect(await nav.isVisible()).toBe(true)
    expect(await page.getAttribute('.menu-toggle', 'aria-expanded')).toBe('true')
    await page.keyboard.press('Escape')
    expect(await nav.isVisible()).toBe(false)
    await page.context().close()
  })

  it('WhatsApp links open in a new tab without an opener, the floating button after 1 s', async () => {
    const page = await newPage()
    await page.goto('/en/about')
    for (const link of await page.locator('a[href^="https://wa.me/"]').all()) {
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toMatch(/noopener/)
    }
    const float = page.locator('.whatsapp-float')
    const hiddenEarly = await float.evaluate((el) => getComputedStyle(el).visibility)
    await page.waitForTimeout(1600)
    expect(hiddenEarly).toBe('hidden')
    expect(await float.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible')
    await page.context().close()
  })

  describe('cookie banner', () => {
    it('appears after 2000 ms when nothing is stored; Accept All stores accepted', async () => {
      const page = await newPage()
      await page.goto('/en/about')
      const banner = page.locator('#cookie-banner')
      await page.waitForTimeout(1500)
      expect(await banner.isVisible()).toBe(false)
      await banner.waitFor({ state: 'visible', timeout: 2000 })
      expect(await banner.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('0.5s')
      await page.click('#cookie-banner [data-consent="accepted"]')
      expect(await banner.isVisible()).toBe(false)
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted')
      await page.reload()
      await page.waitForTimeout(2500)
      expect(await banner.isVisible()).toBe(false)
      await page.context().close()
    })

    it.each(['Decline', 'close icon'])('%s stores declined', async (which) => {
      const page = await newPage()
      await page.goto('/fr/a-propos')
      await page.locator('#cookie-banner').waitFor({ state: 'visible', timeout: 4000 })
      await page.click(which === 'Decline' ? '.cookie-actions [data-consent="declined"]' : '.cookie-close')
      expect(await page.locator('#cookie-banner').isVisible()).toBe(false)
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('declined')
      await page.context().close()
    })

    it('stays hidden when a choice is already stored', async () => {
      const page = await newPage()
      await page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'))
      await page.goto('/en/about')
      await page.waitForTimeout(2500)
      expect(await page.locator('#cookie-banner').isVisible()).toBe(false)
      await page.context().close()
    })
  })
})

describe('responsive layout', () => {
  // The longest menus (German, French) and right-to-left Arabic at common widths.
  const cases = ['/de/groessen-auswahl', '/fr/a-propos', '/ar/talab-tasir', '/en/quote', '/it/rete-elastica-per-carne']
  it.each([1440, 1280, 1024, 768, 390])('no horizontal scrolling at %i px', async (width) => {
    const page = await newPage({ viewport: { width, height: 900 } })
    for (const url of cases) {
      await page.goto(url)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `${url} at ${width}px`).toBeLessThanOrEqual(0)
      expect(await page.locator('.header-actions .btn-primary').isVisible(), `${url}: Get Quote visible`).toBe(true)
    }
    await page.context().close()
  })
})
