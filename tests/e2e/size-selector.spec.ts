// The size selector in the browser, with two reference cases: a product inside a line's
// range gets that line's standard netting, the answer is the inner diameter (as in the
// catalogue), and the relaxed diameter is named as the net on the roll. The rule itself is
// unit-tested in lib/sizing/recommend.test.ts; here the page must say it in the buyer's language.
import { expect, test, type Page } from '@playwright/test'

async function recommend(page: Page, path: string, input: { circumference: string; process: string; product: string }) {
  await page.goto(path)
  // What is typed before React has hydrated the form stays; the button is disabled until then.
  await page.locator('#size-circumference').fill(input.circumference)
  await page.locator(`input[name="process"][value="${input.process}"]`).check()
  await page.locator('#size-product').selectOption(input.product)
  const submit = page.locator('form.size-form button[type="submit"]')
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(page.locator('.size-result article')).toBeVisible()
  return page.locator('.size-result article')
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
const row = (result: ReturnType<Page['locator']>, label: string) => result.locator('dt', { hasText: exactly(label) }).locator('xpath=following-sibling::dd[1]')

test('English, 314 mm, drying, sausage & salami: standard 100 mm netting, not made to order', async ({ page }) => {
  const result = await recommend(page, '/en/size-selector/', { circumference: '314', process: 'drying', product: 'sausage-salami' })
  await expect(row(result, 'Netting')).toHaveText('Sausage & Salami Netting, standard size')
  await expect(row(result, 'Inner diameter (netting size)')).toHaveText('100 mm')
  await expect(row(result, 'Relaxed diameter, on the roll')).toHaveText('≈ 63 mm')
  // the line is knitted in 16, 18 and 20; drying takes the line's lowest count at every size
  // (content/facts.yml sizing.stitchesByProcess) → 16
  await expect(row(result, 'Stitch count')).toHaveText('16')
  await expect(row(result, 'Roll length')).toHaveText('50 m, 100 m, or custom lengths on request')
  await expect(result).toContainText(
    '100 mm is inside the standard range of Sausage & Salami Netting, 80 mm to 180 mm: a standard size, no special order needed.',
  )
  await expect(result).not.toContainText('made to order')
  await expect(result.getByRole('link', { name: 'Request a quote with this size' })).toHaveAttribute('href', /diameter=100&stitches=16&process=drying$/)
})

test('German, "314,5" mm, roasting, pork: Standardgröße 100 mm, keine Sonderanfertigung', async ({ page }) => {
  const result = await recommend(page, '/de/groessen-auswahl/', { circumference: '314,5', process: 'roasting', product: 'pork' })
  await expect(row(result, 'Innendurchmesser (Netzgröße)')).toHaveText('100 mm')
  await expect(row(result, 'Entspannter Durchmesser (auf der Rolle)')).toHaveText('≈ 69 mm')
  await expect(row(result, 'Netz')).toContainText('Standardgröße')
  await expect(result).toContainText('liegt im Standardbereich')
  await expect(result).not.toContainText('auf Bestellung')
  await expect(result).toContainText('1,45×')
})

test('without a product, the standard lines for the size are one list in the page language', async ({ page }) => {
  const result = await recommend(page, '/fr/selecteur-taille/', { circumference: '314', process: 'smoking', product: '' })
  await expect(result).toContainText(
    'Filets standard qui maintiennent 100 mm : Filet pour porc, Filet pour bœuf, Filet pour agneau, Filet pour volaille, Filet pour bacon et jambon et Filet pour saucisson et salami.',
  )
})

test('without a product, no stitch count and none in the quote link: each line is knitted in its own', async ({ page }) => {
  const result = await recommend(page, '/en/size-selector/', { circumference: '500', process: 'roasting', product: '' })
  await expect(row(result, 'Stitch count')).toHaveText('Depends on the product type')
  await expect(result.getByRole('link', { name: 'Request a quote with this size' })).toHaveAttribute('href', /\?diameter=160&process=roasting$/)
})

test('Arabic: the answer in Arabic, the list with Arabic conjunctions, no pork', async ({ page }) => {
  const result = await recommend(page, '/ar/muhaddid-al-maqas/', { circumference: '314', process: 'drying', product: '' })
  await expect(result).toContainText('القطر الداخلي (مقاس الشبكة)')
  await expect(result).toContainText('شباك لحم البقر وشباك لحم الضأن وشباك الدواجن وشباك النقانق والسلامي')
  await expect(result).not.toContainText('الخنزير')
})
