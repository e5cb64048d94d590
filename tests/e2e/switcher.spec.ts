// The language switcher lands on the same page in every other language (from the route table,
// whose paths end in "/"). The tests only open pages and click links: they share the worker's
// readerPage (fixtures.ts).
import { routeTable } from '../../lib/content/data'
import { expect, readOnlyTest as test } from './fixtures'

const PAGES = ['product/beef', 'size-selector', 'about', 'guide/meat-netting', 'quote']

test.describe('language switcher', () => {
  for (const key of PAGES) {
    test(`on ${key}, every language leads to that page in the language`, async ({ readerPage: page }) => {
      const route = routeTable.routes.get(key)!
      // A round trip from Turkish through every other language and back: each switch starts
      // from the page in the language chosen before, so every language's menu is used once.
      const order = [...routeTable.locales.filter((l) => l !== 'tr'), 'tr' as const]
      await page.goto(route.paths.tr!)
      for (const locale of order) {
        const target = route.paths[locale]
        expect(target, `${key} has a path in ${locale}`).toMatch(/\/$/)
        await page.click('.lang-button')
        await page.click(`#lang-menu a[data-locale="${locale}"]`)
        await expect(page).toHaveURL((url) => url.pathname === target)
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
      }
    })
  }

  test('lists seven languages by name (no flag emoji) and closes on Escape and on an outside click', async ({ readerPage: page }) => {
    await page.goto(routeTable.routes.get('contact')!.paths.de!)
    const menu = page.locator('#lang-menu')
    const button = page.locator('.lang-button')
    await expect(menu.locator('a')).toHaveCount(7)
    await expect(menu.locator('a').first()).toContainText('English')
    await button.click()
    await expect(menu).toBeVisible()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await button.click()
    await expect(menu).toBeVisible()
    await page.mouse.click(20, 600)
    await expect(menu).toBeHidden()
    // The popover's toggle event (which syncs aria-expanded) fires in a task after closing.
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  test('on a page Arabic does not have, Arabic leads to the nearest page that exists', async ({ readerPage: page }) => {
    await page.goto('/en/elastic-meat-netting/pork-netting/')
    await expect(page.locator('#lang-menu a[data-locale="ar"]')).toHaveAttribute('href', routeTable.routes.get('products')!.paths.ar!)
    expect(routeTable.routes.get('products')!.paths.ar).toBe('/ar/shabakat-al-luhum-al-marina/')
  })
})
