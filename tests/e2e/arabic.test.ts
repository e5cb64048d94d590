// Arabic: right-to-left, and the two pork products and the bacon page are never linked.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { htmlFiles } from '../../scripts/bench/page-weight'
import { useBrowser } from './browser'

const { page: newPage } = useBrowser()


describe('Arabic', () => {
  it('every Arabic page is rtl and never links pork, bacon-ham or the bacon page', () => {
    // Legacy redirect stubs (dist/client/ar/products/*) are not pages.
    const files = htmlFiles('dist/client/ar').filter((f) => !readFileSync(f, 'utf8').includes('http-equiv="refresh"'))
    expect(files.length).toBeGreaterThan(25)
    for (const file of files) {
      const html = readFileSync(file, 'utf8')
      expect(html, file).toMatch(/<html lang="ar" dir="rtl">/)
      const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).filter((h) => h.startsWith('/ar'))
      for (const href of hrefs) expect(href, `${file} links ${href}`).not.toMatch(/pork|bacon/)
    }
  })

  it('menus and footer list the six products that exist in Arabic', async () => {
    const page = await newPage()
    await page.goto('/ar')
    expect(await page.locator('#menu-products a').count()).toBe(6)
    expect(await page.locator('.site-footer nav[aria-labelledby="footer-products"] a').count()).toBe(6)
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl')
    await page.context().close()
  })

  it('technical values are isolated left-to-right inside Arabic text', async () => {
    const page = await newPage()
    await page.goto('/ar/shabakat-al-luhum-al-marina/shabakat-lahm-al-baqar')
    const cell = page.locator('.spec-table bdi').nth(2)
    expect(await cell.innerText()).toBe('100–250 mm')
    await page.context().close()
  })
})
