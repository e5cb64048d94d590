// The size selector as an island: its rule and result card load on first use
// (pages/interactive/size-selector/result.tsx), so the answer, the errors and the link to the
// quote form must still come on the first click, in any language.
import { expect, test } from '@playwright/test'

test('the first click answers with a size and a quote link that pre-fills the quote form', async ({ page }) => {
  await page.goto('/en/size-selector/')
  await expect(page.getByRole('button', { name: 'Recommend a size' })).toBeVisible()
  await page.getByLabel('Product circumference (mm)').fill('314')
  await page.getByLabel(/^Smoking/).check()
  await page.getByRole('button', { name: 'Recommend a size' }).click()
  await expect(page.getByRole('heading', { name: 'Recommended netting' })).toBeVisible()
  const quote = page.getByRole('link', { name: 'Request a quote with this size' })
  await expect(quote).toHaveAttribute('href', /^\/en\/quote\/\?.*process=smoking/)
  await quote.click()
  await expect(page.locator('select[name=process]')).toHaveValue('smoking')
  await expect(page.locator('input[name=inner_diameter]')).toHaveValue(/\d+ mm/)
})

test('an invalid circumference gets its error on the first click (Arabic page)', async ({ page }) => {
  await page.goto('/ar/muhaddid-al-maqas/')
  const input = page.locator('#size-circumference')
  await input.fill('abc')
  await page.locator('form.size-form button[type=submit]').click()
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('#size-circumference-error')).not.toBeEmpty()
  await expect(input).toBeFocused()
})

test('before the island has loaded, the button is disabled: Enter cannot reload the page with the fields in the URL', async ({ page }) => {
  // The island waits for `load`; here it never arrives.
  await page.route('**/assets/entries/pages_interactive_size-selector*', (route) => route.abort())
  await page.goto('/ar/muhaddid-al-maqas/')
  const input = page.locator('#size-circumference')
  await input.fill('abc')
  await expect(page.locator('form.size-form button[type=submit]')).toBeDisabled()
  await input.press('Enter')
  await page.waitForLoadState('load')
  expect(new URL(page.url()).search).toBe('')
  await expect(input).toHaveValue('abc')
})
