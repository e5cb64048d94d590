// Accessibility: axe-core on the states a visitor opens (dropdown, language menu,
// mobile menu, cookie banner), and keyboard operation with a VISIBLE focus indicator. axe over
// every page type in every locale is in every-page.spec.ts. The skip link, dropdown Enter/Escape,
// mobile menu toggle and switcher clicks are in layout.spec.ts and switcher.spec.ts; form error
// states and focus-on-first-error are in forms.spec.ts.
import type { Page } from '@playwright/test'
import { expect, readOnlyTest as test } from './fixtures'
import { watchNetwork } from './network'
import { axe, declineCookies, staleFor, withAxe } from './page-checks'
import type { Sample } from './page-types'

async function open(page: Page, s: Pick<Sample, 'url' | 'interactive'>) {
  const network = watchNetwork(page)
  await page.goto(s.url)
  // Hydrating pages: until the network is quiet, React may still be fetching code.
  if (s.interactive) await network.quiet()
  network.stop()
  await expect(page.locator('#root, main').first()).not.toBeEmpty()
}

const LOCALES_FOR_STATES = ['/', '/ar/', '/de/']

test.describe('axe', () => {
  // Proves the runs in every-page.spec.ts and below can fail: a low-contrast text and an unnamed button must be reported.
  test('reports violations when there are some', async ({ page }) => {
    await withAxe(page)
    await page.goto('/en/about/')
    await page.evaluate(() => {
      const faint = Object.assign(document.createElement('p'), { textContent: 'Faint text' })
      faint.style.color = '#bbb' // CSSOM, not a style attribute: the CSP blocks inline style attributes
      document.querySelector('main')!.prepend(faint, Object.assign(document.createElement('button'), { type: 'button' }))
    })
    const found = (await axe(page, 'self-test')).map((v) => v.split(' ')[0])
    expect(found).toEqual(expect.arrayContaining(['color-contrast', 'button-name']))
  })
})

test.describe('axe: opened states', () => {
  for (const url of LOCALES_FOR_STATES) {
    // auditPage: axe and stored consent (no cookie banner above the page) in a context
    // the worker's tests share (fixtures.ts).
    test(`${url}: products dropdown and language menu`, async ({ auditPage: page }) => {
      await page.goto(url)
      await page.focus('[aria-controls="menu-products"]')
      await page.keyboard.press('Enter')
      await expect(page.locator('#menu-products')).toBeVisible()
      expect(await axe(page, 'dropdown')).toEqual([])
      await page.keyboard.press('Escape')
      await page.click('.lang-button')
      await expect(page.locator('#lang-menu')).toBeVisible()
      expect(await axe(page, 'language menu')).toEqual([])
      expect(staleFor('dropdown', 'language menu')).toEqual([])
    })

    test(`${url}: cookie banner`, async ({ page }) => {
      await withAxe(page, null)
      await page.goto(url)
      await expect(page.locator('#cookie-banner')).toBeVisible()
      expect(await axe(page, 'cookie banner')).toEqual([])
      expect(staleFor('cookie banner')).toEqual([])
    })
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    for (const url of LOCALES_FOR_STATES) {
      test(`${url}: mobile layout with the menu open`, async ({ page }) => {
        await withAxe(page)
        await page.goto(url)
        expect(await axe(page, 'mobile')).toEqual([])
        await page.click('.menu-toggle')
        await expect(page.locator('#site-nav')).toBeVisible()
        expect(await axe(page, 'mobile menu')).toEqual([])
        expect(staleFor('mobile', 'mobile menu')).toEqual([])
      })
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Keyboard and visible focus. On the desktop layout the tests share the worker's auditPage
// (cookies declined, fixtures.ts); the phone layout and the cookie banner get a page of their own.

type FocusInfo = { tag: string; label: string; visible: boolean; ring: string; contrast: number; shadow: boolean; seenBefore: boolean }

/**
 * What has focus, and whether its focus indicator can be seen (outline ≥ 2px with ≥ 3:1
 * contrast); `seenBefore` says whether an earlier call of this page already reported it (the tab
 * walk has wrapped around). One round trip per focus stop.
 */
function focusInfo(page: Page): Promise<FocusInfo | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return null
    const w = window as unknown as { __walked?: WeakSet<Element> }
    w.__walked ??= new WeakSet()
    const seenBefore = w.__walked.has(el)
    w.__walked.add(el)
    const rgb = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number)
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!)
    }
    // The colour the outline is drawn over: the first opaque background up the tree.
    let bg = [255, 255, 255]
    for (let n = el.parentElement; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor)
      if (c.length >= 3 && (c[3] === undefined || c[3] > 0.5)) {
        bg = c.slice(0, 3)
        break
      }
    }
    const cs = getComputedStyle(el)
    const ring = rgb(cs.outlineColor)
    const [a, b] = [lum(ring), lum(bg)].sort((x, y) => y - x) as [number, number]
    const rect = el.getBoundingClientRect()
    return {
      tag: el.tagName.toLowerCase(),
      label: (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').trim().slice(0, 40),
      visible: rect.width > 0 && rect.height > 0 && cs.visibility !== 'hidden',
      ring: cs.outlineStyle === 'none' ? 'none' : `${cs.outlineWidth} ${cs.outlineStyle} ${cs.outlineColor}`,
      contrast: cs.outlineStyle === 'none' || parseFloat(cs.outlineWidth) < 2 ? 0 : (a + 0.05) / (b + 0.05),
      shadow: cs.boxShadow !== 'none',
      seenBefore,
    }
  })
}

/** Tab through the whole page; every stop must show a focus indicator. */
async function tabWalk(page: Page): Promise<{ stops: number; bad: string[] }> {
  const bad: string[] = []
  let stops = 0
  // The floating WhatsApp button joins the tab order once it appears (after 1 s).
  await page.waitForFunction(() => {
    const f = document.querySelector('.whatsapp-float')
    return !f || getComputedStyle(f).visibility === 'visible'
  })
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab')
    const f = await focusInfo(page)
    if (!f) break // past the last element, focus leaves the document
    if (f.seenBefore) break // wrapped around
    stops++
    if (!f.visible) bad.push(`<${f.tag}> "${f.label}" has focus but is not visible`)
    else if (f.contrast < 3 && !f.shadow)
      bad.push(`<${f.tag}> "${f.label}": focus ring ${f.ring}, contrast ${f.contrast.toFixed(2)}:1 (needs an outline ≥ 2px at ≥ 3:1)`)
  }
  return { stops, bad }
}

test.describe('keyboard: visible focus on every link, button and form control', () => {
  for (const url of [
    '/en/about/',
    '/ar/',
    '/de/elastische-fleischnetze/rindfleisch-netz/',
    '/en/guide/meat-netting/',
    '/en/quote/',
    '/ar/talab-tasir/',
    '/en/size-selector/',
    '/en/admin/',
  ]) {
    test(url, async ({ auditPage: page }) => {
      await open(page, { url, interactive: /quote|talab|size|admin/.test(url) })
      const { stops, bad } = await tabWalk(page)
      expect(stops).toBeGreaterThan(15)
      expect(bad).toEqual([])
    })
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })
    test('the menu toggle and every menu link show focus', async ({ page }) => {
      await declineCookies(page)
      await page.goto('/en/about/')
      await page.focus('.menu-toggle')
      await page.keyboard.press('Enter')
      await expect(page.locator('#site-nav')).toBeVisible()
      const { stops, bad } = await tabWalk(page)
      expect(stops).toBeGreaterThan(10)
      expect(bad).toEqual([])
    })
  })
})

test.describe('keyboard: menus, switcher, cookie banner', () => {
  test('the language switcher opens with Enter, its links are next in the tab order, Escape closes it and returns focus', async ({ auditPage: page }) => {
    await page.goto('/en/about/')
    const button = page.locator('.lang-button')
    await button.focus()
    await page.keyboard.press('Enter')
    await expect(page.locator('#lang-menu')).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(page.locator('#lang-menu :focus')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(page.locator('#lang-menu')).toBeHidden()
    await expect(button).toBeFocused()
    // Choosing a language by keyboard goes there.
    await page.keyboard.press('Enter')
    await page.locator('#lang-menu a[data-locale="tr"]').focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/tr\/hakkimizda\/$/)
  })

  test('the guides dropdown: Enter opens, Tab walks its links, Escape closes and returns to the toggle', async ({ auditPage: page }) => {
    await page.goto('/tr/')
    const toggle = page.locator('[aria-controls="menu-guides"]')
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const links = await page.locator('#menu-guides a').count()
    expect(links).toBeGreaterThan(3)
    for (let i = 0; i < links; i++) {
      await page.keyboard.press('Tab')
      await expect(page.locator('#menu-guides :focus'), `link ${i + 1}`).toHaveCount(1)
    }
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })
    test('the mobile menu: Enter opens, Tab reaches its links, Escape closes and returns focus to the toggle', async ({ page }) => {
      await declineCookies(page)
      await page.goto('/ar/')
      await page.focus('.menu-toggle')
      await page.keyboard.press('Enter')
      await expect(page.locator('#site-nav')).toBeVisible()
      await page.keyboard.press('Tab')
      await expect(page.locator('#site-nav :focus')).toHaveCount(1)
      await page.keyboard.press('Escape')
      await expect(page.locator('#site-nav')).toBeHidden()
      await expect(page.locator('.menu-toggle')).toBeFocused()
    })
  })

  test('the cookie banner is reachable and operable by keyboard', async ({ page }) => {
    await page.goto('/de/')
    await expect(page.locator('#cookie-banner')).toBeVisible()
    // The banner comes between the header and the page: Shift+Tab from the page reaches it.
    await page.locator('#main').focus()
    const accept = page.locator('#cookie-banner [data-consent="accepted"]')
    const onAccept = () => accept.evaluate((el) => el === document.activeElement)
    for (let i = 0; i < 6 && !(await onAccept()); i++) await page.keyboard.press('Shift+Tab')
    await expect(accept).toBeFocused()
    expect((await focusInfo(page))!.contrast).toBeGreaterThanOrEqual(3)
    await page.keyboard.press('Enter')
    await expect(page.locator('#cookie-banner')).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted')
  })
})
