// Arabic: right-to-left, and the two pork products and the bacon page are never linked.
import { readFileSync } from 'node:fs'
import { htmlFiles } from '../helpers/page-weight'
import { expect, readOnlyTest as test } from './fixtures'

test.describe('Arabic', () => {
  test('every Arabic page is rtl and never links pork, bacon-ham or the bacon page', () => {
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

  test('menus and footer list the six products that exist in Arabic', async ({ readerPage: page }) => {
    await page.goto('/ar/')
    await expect(page.locator('#menu-products a')).toHaveCount(6)
    await expect(page.locator('.site-footer nav[aria-labelledby="footer-products"] a')).toHaveCount(6)
    await expect(page.locator('body')).toHaveCSS('direction', 'rtl')
  })

  test('technical values are isolated left-to-right inside Arabic text', async ({ readerPage: page }) => {
    await page.goto('/ar/shabakat-al-luhum-al-marina/shabakat-lahm-al-baqar/')
    await expect(page.locator('.spec-table bdi').nth(2)).toHaveText('100–250 mm', { useInnerText: true })
  })
})
