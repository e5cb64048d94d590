// Site search (Pagefind, one index per language) on the built site, in several languages.
import { expect, readOnlyTest as test } from './fixtures'

const cases = [
  { locale: 'en', path: '/en/search/', query: 'salami', expect: /sausage-salami-netting\/$/, dir: 'ltr' },
  { locale: 'tr', path: '/tr/arama/', query: 'sucuk', expect: /sucuk-salam-filesi\/$/, dir: 'ltr' },
  { locale: 'de', path: '/de/suche/', query: 'Rindfleisch', expect: /rindfleisch-netz\/$/, dir: 'ltr' },
  { locale: 'ar', path: '/ar/bahth/', query: 'البقر', expect: /shabakat-lahm-al-baqar\/$/, dir: 'rtl' },
] as const

for (const c of cases) {
  test(`${c.locale}: searching "${c.query}" lists the matching page of that language only`, async ({ readerPage: page }) => {
    await page.goto(c.path)
    await expect(page.locator('html')).toHaveAttribute('dir', c.dir)
    await page.getByRole('searchbox').fill(c.query)
    const results = page.locator('#search-results a')
    await expect(results.first()).toBeVisible()
    const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    expect(
      hrefs.some((h) => c.expect.test(h)),
      hrefs.join(' '),
    ).toBe(true)
    // One index per language: every hit stays in the language being read.
    const prefix = c.locale === 'en' ? /^\/(en\/|$)/ : new RegExp(`^/${c.locale}/`)
    for (const href of hrefs) expect(href).toMatch(prefix)
    await expect(page.getByRole('status')).toContainText(/\d/)
    await expect(page.locator('#search-results mark').first()).toBeVisible()
    // The query is in the address bar: a reload shows the same results.
    await expect(page).toHaveURL(/[?&]q=/)
    await page.reload()
    await expect(page.getByRole('searchbox')).toHaveValue(c.query)
    await expect(results.first()).toBeVisible()
  })
}

// The search script loads after the page's load event: on a slow line the buyer may type first.
test('a query typed before the search script arrives is searched as soon as it does', async ({ page }) => {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.js(\?|$)/, async (route) => {
    await held
    await route.fallback()
  })
  await page.goto('/en/search/')
  await page.getByRole('searchbox').fill('salami')
  await expect(page.locator('#search-results a')).toHaveCount(0)
  release()
  await expect(page.locator('#search-results a[href$="sausage-salami-netting/"]').first()).toBeVisible()
  await expect(page).toHaveURL(/[?&]q=salami/)
})

test('placeholder pages are not in the index: a German search for words of a guide shown there only as an English-title notice finds nothing', async ({
  page,
}) => {
  await page.goto('/de/suche/?q=Uniform%20Logs')
  await expect(page.getByRole('status')).toContainText('Keine Seite passt zu „Uniform Logs“')
  await expect(page.locator('#search-results li')).toHaveCount(0)
})

test('every page has a search entry in the header, and content pages load no search code until it is used', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  await page.goto('/fr/a-propos/')
  const entry = page.locator('header a.header-search')
  await expect(entry).toHaveAttribute('href', '/fr/recherche/')
  await expect(entry).toHaveAccessibleName('Rechercher')
  expect(scripts.filter((s) => s.includes('pagefind'))).toEqual([])
  await entry.click()
  await expect(page).toHaveURL(/\/fr\/recherche\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rechercher sur le site')
})

test('the search page works as a plain form without JavaScript and says search needs it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/it/cerca/')
  await expect(page.locator('.search-noscript')).toContainText('La ricerca richiede JavaScript')
  await context.close()
})
