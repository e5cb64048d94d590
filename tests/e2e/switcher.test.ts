// The language switcher lands on the same page in every other language (from the route table).
import { describe, expect, it } from 'vitest'
import { routeTable } from '../../lib/content/data'
import { useBrowser } from './browser'

const { page: newPage } = useBrowser()

const PAGES = ['product/beef', 'size-selector', 'about', 'guide/meat-netting', 'quote']

describe('language switcher', () => {
  it.each(PAGES)('on %s, every language leads to that page in the language', async (key) => {
    const route = routeTable.routes.get(key)!
    const page = await newPage()
    await page.goto(route.paths.tr!)
    for (const locale of routeTable.locales) {
      await page.goto(route.paths.tr!)
      await page.click('.lang-button')
      await page.click(`#lang-menu a[data-locale="${locale}"]`)
      await page.waitForURL((url) => url.pathname === route.paths[locale])
      expect(await page.getAttribute('html', 'lang')).toBe(locale)
    }
    await page.context().close()
  })

  it('lists seven languages with flags and closes on Escape and on an outside click', async () => {
    const page = await newPage()
    await page.goto('/de/kontakt')
    const menu = page.locator('#lang-menu')
    await expect(menu.locator('a').count()).resolves.toBe(7)
    expect(await menu.locator('a').first().innerText()).toMatch(/🇬🇧/)
    await page.click('.lang-button')
    await menu.waitFor({ state: 'visible' })
    expect(await page.getAttribute('.lang-button', 'aria-expanded')).toBe('true')
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    await page.click('.lang-button')
    await menu.waitFor({ state: 'visible' })
    await page.mouse.click(20, 600)
    await menu.waitFor({ state: 'hidden' })
    // The popover's toggle event (which syncs aria-expanded) fires in a task after closing.
    await page.waitForFunction(() => document.querySelector('.lang-button')?.getAttribute('aria-expanded') === 'false')
    await page.context().close()
  })

  it('on a page Arabic does not have, Arabic leads to the nearest page that exists', async () => {
    const page = await newPage()
    await page.goto('/en/elastic-meat-netting/pork-netting')
    expect(await page.getAttribute('#lang-menu a[data-locale="ar"]', 'href')).toBe(routeTable.routes.get('products')!.paths.ar)
    await page.context().close()
  })
})
