// The lead forms end to end: Chromium against the built site and the local Supabase
// stand-in (tests/e2e/global-setup.ts; the browser reaches it through tests/e2e/fixtures.ts).
// Each test uses its own email address and reads what was stored back as the seeded admin, so
// "stored exactly once" is checked in the database itself. The `page` stored with a lead is
// the page's path, which ends in "/".
import AxeBuilder from '@axe-core/playwright'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Page, Request } from '@playwright/test'
import { LOCAL_SUPABASE_ANON_KEY } from '../../lib/supabase/config'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../server/local-supabase/auth-store'
import { expect, test, testBackendUrl, toTestBackend } from './fixtures'
import { watchNetwork } from './network'
import { testClient } from '../helpers/supabase-client'

const SUCCESS_EN = 'Thanks for your message, we will reply shortly.'
const ERROR_EN = 'An error occurred while sending the message, please try again later.'
const SUCCESS_AR = 'شكرًا على رسالتكم، سنرد عليكم قريبًا.'
const ERROR_AR = 'حدث خطأ أثناء إرسال الرسالة، يُرجى المحاولة مرة أخرى لاحقًا.'
const ERROR_DE = 'Beim Senden der Nachricht ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.'
// Every lead goes through the submit-lead Edge Function (supabase/functions/submit-lead).
const LEADS = /127\.0\.0\.1:54321\/functions\/v1\/submit-lead/

// One admin session per worker (beforeAll runs in each worker that runs tests of this file).
let admin: SupabaseClient
test.beforeAll(async () => {
  admin = testClient(testBackendUrl(), LOCAL_SUPABASE_ANON_KEY)
  const { error } = await admin.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
  expect(error).toBeNull()
})
test.afterAll(async () => {
  await admin?.auth.signOut()
})

type Row = Record<string, unknown>
async function stored(email: string): Promise<Row[]> {
  const { data, error } = await admin.from('leads').select('*').eq('email', email)
  expect(error).toBeNull()
  return data as Row[]
}

let counter = 0
const uniqueEmail = (label: string) => `e2e-${label}-${Date.now()}-${test.info().workerIndex}-${counter++}@example.com`

/** Counts the leads the page sends (POSTs to the submit-lead function). */
function countInserts(page: Page) {
  const posts: Request[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && LEADS.test(r.url())) posts.push(r)
  })
  return () => posts.length
}

const field = (page: Page, name: string) => page.locator(`form.lead-form [name="${name}"]`)
const submitButton = (page: Page) => page.locator('form.lead-form button[type="submit"]')

async function fillContact(page: Page, email: string, texts: { name: string; subject: string; message: string }) {
  await field(page, 'name').fill(texts.name)
  await field(page, 'email').fill(email)
  await field(page, 'subject').fill(texts.subject)
  await field(page, 'message').fill(texts.message)
  await field(page, 'consent_contact').check()
  await field(page, 'consent_privacy').check()
}

async function fillSamples(page: Page, email: string) {
  await page.locator('form.lead-form [name="products"][value="beef"]').check()
  await field(page, 'company').fill('Fleischwerk Nord GmbH')
  await field(page, 'shipping_address').fill('Hafenstraße 12\n20457 Hamburg\nGermany')
  await field(page, 'name').fill('Jana Vogel')
  await field(page, 'email').fill(email)
  await field(page, 'consent_privacy').check()
}

test.describe('contact form', () => {
  test('en: stores the lead once and shows the spec’s success text in a status region', async ({ page }) => {
    const inserts = countInserts(page)
    const email = uniqueEmail('contact-en')
    await page.goto('/en/contact/')
    await fillContact(page, email, { name: 'Ada Brown', subject: 'Netting for hams', message: 'Which diameter fits a 6 kg ham?' })
    await submitButton(page).click()
    const status = page.getByRole('status').filter({ hasText: SUCCESS_EN })
    await expect(status).toBeVisible()
    await expect(page.locator('form.lead-form')).toHaveCount(0)
    await expect(status).toBeFocused()
    const rows = await stored(email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      kind: 'contact',
      locale: 'en',
      page: '/en/contact/',
      name: 'Ada Brown',
      subject: 'Netting for hams',
      phone: null,
      consent_contact: true,
      consent_privacy: true,
    })
    expect(inserts()).toBe(1)
  })

  test('ar: stores the lead once with locale ar and shows the Arabic success text', async ({ page }) => {
    const email = uniqueEmail('contact-ar')
    await page.goto('/ar/ittasil-bina/')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await fillContact(page, email, { name: 'سارة العلي', subject: 'شباك للدواجن', message: 'ما المقاس المناسب لدجاجة وزنها 2 كغ؟' })
    await field(page, 'phone').fill('+971 4 123 4567')
    await submitButton(page).click()
    await expect(page.getByRole('status').filter({ hasText: SUCCESS_AR })).toBeVisible()
    const rows = await stored(email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'contact', locale: 'ar', page: '/ar/ittasil-bina/', name: 'سارة العلي', phone: '+971 4 123 4567' })
  })
})

test.describe('quote form', () => {
  test('en: prefilled by the size selector; a double click stores once; goes to the thank-you page', async ({ page }) => {
    const inserts = countInserts(page)
    const email = uniqueEmail('quote-en')
    await page.goto('/en/quote/?product=beef&diameter=120&stitches=24&process=smoking&rolls=50')
    const beef = page.locator('form.lead-form [name="products"][value="beef"]')
    await expect(beef).toBeChecked()
    await expect(field(page, 'inner_diameter')).toHaveValue('120 mm')
    await expect(field(page, 'process')).toHaveValue('smoking')
    await expect(field(page, 'message')).toHaveValue('Recommended by the size selector:\nStitch count: 24\nRoll length: 50 m')
    await expect(field(page, 'quantity_unit').first()).toBeChecked() // rolls by default

    await field(page, 'company').fill('Prime Meats Ltd')
    await field(page, 'country').fill('United Kingdom')
    await field(page, 'quantity').fill('200')
    await field(page, 'name').fill('Tom Hale')
    await field(page, 'email').fill(email)
    // Optional: the buyer lets sales phone as well.
    await expect(field(page, 'consent_contact')).not.toBeChecked()
    await field(page, 'consent_contact').check()
    await field(page, 'consent_privacy').check()
    await submitButton(page).dblclick()
    await expect(page).toHaveURL(/\/en\/thank-you\/$/)

    const rows = await stored(email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      kind: 'quote',
      locale: 'en',
      page: '/en/quote/',
      company: 'Prime Meats Ltd',
      country: 'United Kingdom',
      products: ['beef'],
      inner_diameter: '120 mm',
      quantity: '200',
      quantity_unit: 'rolls',
      process: 'smoking',
      consent_contact: true,
    })
    expect(inserts()).toBe(1)
  })

  test('ar: offers only the products that exist in Arabic; stores once; goes to the Arabic thank-you page', async ({ page }) => {
    const email = uniqueEmail('quote-ar')
    await page.goto('/ar/talab-tasir/')
    const products = page.locator('form.lead-form [name="products"]')
    const offered = await products.evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value))
    expect(offered).toEqual(['beef', 'lamb', 'poultry', 'turkey', 'pastrami', 'sausage-salami'])
    await page.locator('form.lead-form [name="products"][value="lamb"]').check()
    await page.locator('form.lead-form [name="products"][value="poultry"]').check()
    await field(page, 'company').fill('شركة الخليج للأغذية')
    await field(page, 'country').fill('الإمارات العربية المتحدة')
    await field(page, 'quantity').fill('5000')
    await page.locator('form.lead-form [name="quantity_unit"][value="metres"]').check()
    await field(page, 'name').fill('خالد منصور')
    await field(page, 'email').fill(email)
    await field(page, 'consent_privacy').check()
    await submitButton(page).click()
    await expect(page).toHaveURL(/\/ar\/shukran\/$/)
    const rows = await stored(email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      kind: 'quote',
      locale: 'ar',
      page: '/ar/talab-tasir/',
      products: ['lamb', 'poultry'],
      quantity: '5000',
      quantity_unit: 'metres',
      process: null,
      consent_contact: false, // left unticked: the lead is still stored
    })
  })
})

test.describe('samples form', () => {
  test('de: the first request is stored but its response is lost; the retry counts as success and stores nothing twice', async ({ page }) => {
    const email = uniqueEmail('samples-de')
    let first = true
    // The retry's answer, read here: the form leaves the page as soon as it arrives, and a
    // response's body cannot be read in the browser once its page navigated away.
    let retry: { status: number; body: unknown } | undefined
    await page.route(LEADS, async (route) => {
      // fallback: on to the fixtures' routing, which sends it to the test backend.
      if (route.request().method() !== 'POST') return route.fallback()
      const response = await route.fetch({ url: toTestBackend(route.request().url()) }) // reaches the database…
      if (first) {
        first = false
        expect(response.status()).toBe(201)
        return route.abort('connectionreset') // …but the browser never hears back
      }
      retry = { status: response.status(), body: await response.json() }
      await route.fulfill({ response })
    })
    await page.goto('/de/muster/')
    await fillSamples(page, email)
    await submitButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: ERROR_DE })).toBeVisible()
    expect(await stored(email)).toHaveLength(1)
    // Every field is kept.
    await expect(field(page, 'company')).toHaveValue('Fleischwerk Nord GmbH')
    await expect(field(page, 'shipping_address')).toHaveValue('Hafenstraße 12\n20457 Hamburg\nGermany')
    await expect(page.locator('form.lead-form [name="products"][value="beef"]')).toBeChecked()
    await expect(field(page, 'consent_privacy')).toBeChecked()

    // The retry reuses the lead's id: the function answers 200 duplicate, the form succeeds.
    await submitButton(page).click()
    await expect(page).toHaveURL(/\/de\/danke\/$/)
    expect(retry?.status).toBe(200)
    expect(retry?.body).toMatchObject({ duplicate: true })
    const rows = await stored(email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'samples', locale: 'de', page: '/de/muster/', products: ['beef'], company: 'Fleischwerk Nord GmbH' })
  })

  test('ar: the first request fails outright; the retry stores the lead once', async ({ page }) => {
    const email = uniqueEmail('samples-ar')
    let failed = false
    await page.route(LEADS, async (route) => {
      if (route.request().method() !== 'POST' || failed) return route.fallback()
      failed = true
      await route.abort('failed')
    })
    await page.goto('/ar/ayyinat/')
    await expect(page.locator('form.lead-form [name="products"][value="pork"]')).toHaveCount(0)
    await fillSamples(page, email)
    await field(page, 'name').fill('ليلى حداد')
    await submitButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: ERROR_AR })).toBeVisible()
    expect(await stored(email)).toHaveLength(0)
    await expect(field(page, 'name')).toHaveValue('ليلى حداد')
    await submitButton(page).click()
    await expect(page).toHaveURL(/\/ar\/shukran\/$/)
    const rows = await stored(email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'samples', locale: 'ar', name: 'ليلى حداد' })
  })
})

test.describe('form states', () => {
  test('the island is fetched only after the page has loaded and painted (lib/build/inline-scripts.ts)', async ({ page }) => {
    await page.goto('/en/quote/')
    await expect(submitButton(page)).toBeEnabled() // hydrated
    const timing = await page.evaluate(() => {
      const island = performance.getEntriesByType('resource').find((r) => r.name.includes('/pages_interactive_quote_client.'))
      return {
        island: island?.startTime,
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        load: performance.getEntriesByType('navigation')[0]?.toJSON().loadEventStart as number,
      }
    })
    expect(timing.island).toBeGreaterThanOrEqual(timing.paint!)
    expect(timing.island).toBeGreaterThanOrEqual(timing.load)
  })

  test('a page opened in a background tab hydrates without waiting for a paint', async ({ page }) => {
    // Chromium reports no paint for a page hidden when it loads; the loader must not wait for one.
    // No paint entry ever arrives here, and the loader's 3-s fallback timer never fires, so only
    // the hidden-page path can hydrate this page.
    await page.addInitScript(() => {
      Object.defineProperty(document, 'hidden', { get: () => true })
      Object.defineProperty(PerformanceObserver.prototype, 'observe', { value: () => {} })
      const setTimer = window.setTimeout
      window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => (ms === 3000 ? 0 : setTimer(fn, ms, ...args))) as typeof setTimeout
    })
    await page.goto('/en/quote/')
    await expect(submitButton(page)).toBeEnabled()
  })

  test('keeps what the buyer typed before the script arrived (slow networks)', async ({ page }) => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    // The island's one script (renderer/hydrate-island.tsx) is held until the fields are filled.
    await page.route(/\/assets\/entries\/pages_interactive_contact_client\./, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/en/contact/', { waitUntil: 'domcontentloaded' })
    await expect(submitButton(page)).toBeDisabled() // not hydrated yet
    await field(page, 'name').fill('Typed early')
    await field(page, 'message').fill('Before hydration')
    await field(page, 'consent_privacy').check()
    release()
    await expect(submitButton(page)).toBeEnabled()
    await expect(field(page, 'name')).toHaveValue('Typed early')
    await expect(field(page, 'message')).toHaveValue('Before hydration')
    await expect(field(page, 'consent_privacy')).toBeChecked()
  })

  test('keeps the boxes, radio button and option chosen before the script arrived (quote)', async ({ page }) => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/entries\/pages_interactive_quote_client\./, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/en/quote/', { waitUntil: 'domcontentloaded' })
    await expect(submitButton(page)).toBeDisabled() // not hydrated yet
    const products = field(page, 'products')
    const product = (await products.first().getAttribute('value'))!
    await products.first().check()
    await page.locator('form.lead-form [name="quantity_unit"][value="metres"]').check()
    await field(page, 'process').selectOption('smoking')
    await field(page, 'quantity').fill('120')
    release()
    await expect(submitButton(page)).toBeEnabled()
    await expect(page.locator(`form.lead-form [name="products"][value="${product}"]`)).toBeChecked()
    await expect(page.locator('form.lead-form [name="quantity_unit"][value="metres"]')).toBeChecked()
    await expect(field(page, 'process')).toHaveValue('smoking')
    await expect(field(page, 'quantity')).toHaveValue('120')
  })

  test('with the backend down the error text shows, every field is kept, and a later retry is stored once', async ({ page }) => {
    const email = uniqueEmail('down')
    await page.route(/127\.0\.0\.1:54321/, (route) => route.abort('connectionrefused'))
    await page.goto('/en/contact/')
    const texts = { name: 'Ada Brown', subject: 'Backend down', message: 'Line one\nLine two' }
    await fillContact(page, email, texts)
    await field(page, 'phone').fill('+44 20 7946 0000')
    await submitButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: ERROR_EN })).toBeVisible()
    await expect(submitButton(page)).toHaveText('Send message')
    await expect(field(page, 'name')).toHaveValue(texts.name)
    await expect(field(page, 'email')).toHaveValue(email)
    await expect(field(page, 'phone')).toHaveValue('+44 20 7946 0000')
    await expect(field(page, 'subject')).toHaveValue(texts.subject)
    await expect(field(page, 'message')).toHaveValue(texts.message)
    await expect(field(page, 'consent_contact')).toBeChecked()
    await expect(field(page, 'consent_privacy')).toBeChecked()

    await page.unroute(/127\.0\.0\.1:54321/)
    await submitButton(page).click()
    await expect(page.getByRole('status').filter({ hasText: SUCCESS_EN })).toBeVisible()
    expect(await stored(email)).toHaveLength(1)
  })

  test('while sending, the button shows the sending label and another submit does nothing', async ({ page }) => {
    const inserts = countInserts(page)
    const email = uniqueEmail('sending')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(LEADS, async (route) => {
      await held
      await route.fallback()
    })
    await page.goto('/en/contact/')
    await fillContact(page, email, { name: 'Ada Brown', subject: 'Slow network', message: 'Hello' })
    await submitButton(page).click()
    await expect(submitButton(page)).toHaveText('Sending…')
    await expect(submitButton(page)).toHaveAttribute('aria-disabled', 'true')
    // force: Playwright would wait for aria-disabled to go; a person can click at once.
    await submitButton(page).click({ force: true })
    await field(page, 'message').press('Control+Enter')
    await field(page, 'name').press('Enter')
    release()
    await expect(page.getByRole('status').filter({ hasText: SUCCESS_EN })).toBeVisible()
    expect(inserts()).toBe(1)
    expect(await stored(email)).toHaveLength(1)
  })

  test('invalid input: inline errors tied to the fields, focus on the first error, nothing sent', async ({ page }) => {
    const inserts = countInserts(page)
    await page.goto('/en/quote/')
    await field(page, 'email').fill('not-an-email')
    await submitButton(page).click()
    await expect(page.locator('form.lead-form [aria-invalid="true"]').first()).toBeVisible()
    // Focus moves to the first field in error, in page order.
    await expect(field(page, 'company')).toBeFocused()
    const described = async (name: string) => {
      const ids = (await field(page, name).first().getAttribute('aria-describedby'))!.split(' ')
      return Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))
    }
    await expect(field(page, 'company')).toHaveAttribute('aria-invalid', 'true')
    expect(await described('company')).toEqual(['Please fill in this field.'])
    expect(await described('email')).toEqual(['Please enter an email address such as name@company.com.'])
    expect(await described('products')).toEqual(['Choose at least one.', 'Please choose at least one product.'])
    expect(await described('consent_privacy')).toEqual(['Please tick this box to continue.'])
    // Optional fields stay valid.
    await expect(field(page, 'inner_diameter')).not.toHaveAttribute('aria-invalid')
    await expect(field(page, 'phone')).not.toHaveAttribute('aria-invalid')
    // Correcting a field clears its error at once.
    await field(page, 'email').fill('buyer@example.com')
    await expect(field(page, 'email')).not.toHaveAttribute('aria-invalid')
    expect(inserts()).toBe(0)
  })

  test('a message over the limit is refused in the browser with the limit in the text (German)', async ({ page }) => {
    await page.goto('/de/kontakt/')
    await fillContact(page, uniqueEmail('long'), { name: 'Jana Vogel', subject: 'Lang', message: 'x'.repeat(5001) })
    await submitButton(page).click()
    await expect(field(page, 'message')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'message')).toBeFocused()
    await expect(field(page, 'message')).toHaveAccessibleDescription('Bitte kürzen Sie den Text auf höchstens 5000 Zeichen.')
    const id = (await field(page, 'message').getAttribute('aria-describedby'))!
    await expect(page.locator(`[id="${id}"]`)).toHaveText('Bitte kürzen Sie den Text auf höchstens 5000 Zeichen.')
  })

  test('a filled honeypot pretends success; the server, which decides, stores nothing', async ({ page }) => {
    const inserts = countInserts(page)
    const email = uniqueEmail('bot')
    await page.goto('/en/contact/')
    const honeypot = page.locator('form.lead-form .hp-field')
    await expect(honeypot).toHaveAttribute('aria-hidden', 'true')
    await expect(honeypot.locator('input')).toHaveAttribute('tabindex', '-1')
    const box = (await honeypot.locator('input').boundingBox())!
    expect(box.x + box.width).toBeLessThan(0) // off-screen
    await fillContact(page, email, { name: 'Bot', subject: 'Buy now', message: 'spam' })
    await honeypot.locator('input').fill('https://spam.example', { force: true })
    await submitButton(page).click()
    await expect(page.getByRole('status').filter({ hasText: SUCCESS_EN })).toBeVisible()
    expect(inserts()).toBe(1)
    expect(await stored(email)).toHaveLength(0)
  })

  // The idle form is checked with every page in every-page.spec.ts; this is the error state.
  for (const url of ['/en/quote/', '/ar/talab-tasir/', '/tr/numuneler/', '/fr/contact/'])
    test(`${url} has no axe violations with errors shown`, async ({ page }) => {
      await page.goto(url)
      await expect(submitButton(page)).toBeEnabled()
      await submitButton(page).click()
      await expect(page.locator('form.lead-form [aria-invalid="true"]').first()).toBeVisible()
      const { violations } = await new AxeBuilder({ page }).include('main').analyze()
      expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    })

  test('supabase-js and zod load only when the form is used', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    const network = watchNetwork(page)
    await page.goto('/en/contact/')
    await network.quiet()
    const before = scripts.length
    await field(page, 'name').focus()
    await expect.poll(() => scripts.length).toBeGreaterThanOrEqual(before + 2)
  })
})
