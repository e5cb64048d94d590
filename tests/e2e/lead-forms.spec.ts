// The buyer's side of the lead path (issue 10 §1 and §5) in Chromium against the built site.
// The intake function (POST {supabaseUrl}/functions/v1/submit-lead, docs/FORMS.md) is answered
// here with page.route exactly as the contract says it answers, so each test chooses the answer
// (201, 429, 400, 500) and reads what the page really sent.
import { expect, test, type Page, type Request, type Route } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { routeTable } from '../../lib/content/data'

const FUNCTION = '**/functions/v1/submit-lead'

type Answer = { status: number; body: unknown; headers?: Record<string, string> }
/** A request the page sent: its JSON body (the lead, the honeypot, the attribution) and its headers. */
type Sent = { lead: { id: string } & Record<string, unknown>; website?: string; attribution?: unknown; headers: Record<string, string> }

/** Answers the intake function with the given answers in turn (the last one repeats). */
async function intake(page: Page, ...answers: Answer[]) {
  const sent: Sent[] = []
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'apikey, authorization, content-type',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
  }
  await page.route(FUNCTION, async (route: Route, request: Request) => {
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors })
    sent.push({ ...request.postDataJSON(), headers: request.headers() })
    const a = answers[Math.min(sent.length - 1, answers.length - 1)]!
    await route.fulfill({ status: a.status, headers: { ...cors, 'Content-Type': 'application/json', ...a.headers }, body: JSON.stringify(a.body) })
  })
  return sent
}

/** The submit button is enabled once the island has hydrated. */
async function hydrated(page: Page, button: RegExp) {
  await expect(page.getByRole('button', { name: button })).toBeEnabled()
}

async function fillContact(page: Page) {
  await page.getByLabel('Full name').fill('Hans Müller')
  await page.getByLabel('Email address').fill('hans@fleischwerk.example')
  await page.getByLabel(/^Company/).fill('Fleischwerk Nord GmbH')
  await page.getByLabel(/^Country/).fill('Germany')
  await page.getByLabel('Subject').fill('Netting for cooked ham')
  await page.getByLabel('Your message').fill('We need 40 rolls of 16-stitch netting each month.')
  await page.getByLabel(/may contact me/).check()
  await page.getByLabel(/stores the details/).check()
}

const CONTACT_VALUES = {
  'Full name': 'Hans Müller',
  'Email address': 'hans@fleischwerk.example',
  Subject: 'Netting for cooked ham',
  'Your message': 'We need 40 rolls of 16-stitch netting each month.',
}

test('a 429 shows the localized "too many requests" message and keeps every field', async ({ page }) => {
  const sent = await intake(page, { status: 429, body: { error: 'rate_limited' }, headers: { 'Retry-After': '600' } })
  await page.goto('/en/contact/')
  await hydrated(page, /Send message/)
  await fillContact(page)
  await page.getByRole('button', { name: 'Send message' }).click()

  await expect(page.getByRole('alert').filter({ hasText: 'Too many requests' })).toContainText(
    'Too many requests were sent from your connection in the last few minutes. Please try again later',
  )
  for (const [label, value] of Object.entries(CONTACT_VALUES)) await expect(page.getByLabel(label)).toHaveValue(value)
  await expect(page.getByLabel(/^Company/)).toHaveValue('Fleischwerk Nord GmbH')
  await expect(page.getByLabel(/stores the details/)).toBeChecked()
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled() // can send again
  expect(sent).toHaveLength(1)
})

test('the same 429 in German and Arabic speaks the page language', async ({ page }) => {
  await intake(page, { status: 429, body: { error: 'rate_limited' } })
  for (const [url, text] of [
    ['/de/kontakt/', 'Von Ihrer Verbindung wurden in den letzten Minuten zu viele Anfragen gesendet.'],
    ['/ar/ittasil-bina/', 'أُرسل عدد كبير جدًا من الطلبات من اتصالكم خلال الدقائق الأخيرة.'],
  ] as const) {
    await page.goto(url)
    const submit = page.locator('form.lead-form button[type=submit]')
    await expect(submit).toBeEnabled()
    await page.locator('input[name=name]').fill('Aylin Demir')
    await page.locator('input[name=email]').fill('aylin@example.com')
    await page.locator('input[name=subject]').fill('Fileler')
    await page.locator('textarea[name=message]').fill('Numune istiyoruz.')
    await page.locator('input[name=consent_contact]').check()
    await page.locator('input[name=consent_privacy]').check()
    await submit.click()
    await expect(page.locator('.form-alert')).toContainText(text)
    await expect(page.locator('input[name=name]')).toHaveValue('Aylin Demir')
    await expect(page.locator('textarea[name=message]')).toHaveValue('Numune istiyoruz.')
  }
})

test('what is sent: the lead, the captcha token slot, the honeypot and the visit attribution', async ({ page }) => {
  const sent = await intake(page, { status: 201, body: { id: 'x' } })
  // The visit starts on a country page from a campaign link; the lead goes later in the visit.
  await page.goto('/en/country/germany/?utm_source=newsletter&utm_medium=email&utm_campaign=iffa-2026', { referer: 'https://mail.example/' })
  await page.goto('/en/contact/')
  await hydrated(page, /Send message/)
  await fillContact(page)
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status')).toContainText('Thanks for your message')

  expect(sent).toHaveLength(1)
  const body = sent[0]!
  expect(body.headers['content-type']).toContain('application/json')
  expect(body.headers.apikey).toBeTruthy()
  // The key in apikey only: a publishable key is no JWT (lib/leads/submit.ts).
  expect(body.headers.authorization).toBeUndefined()
  expect(body.website).toBe('')
  expect(body.lead).toMatchObject({
    kind: 'contact',
    locale: 'en',
    name: 'Hans Müller',
    email: 'hans@fleischwerk.example',
    company: 'Fleischwerk Nord GmbH',
    country: 'Germany',
    consent_privacy: true,
    consent_contact: true,
    page: '/en/contact/',
  })
  expect(body.lead.id).toMatch(/^[0-9a-f-]{36}$/)
  expect(body.lead).not.toHaveProperty('created_at')
  expect(body.attribution).toEqual({
    landingPage: '/en/country/germany/',
    referrer: 'https://mail.example/',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'iffa-2026',
  })
})

test('a filled honeypot is sent to the server, which decides', async ({ page }) => {
  const sent = await intake(page, { status: 200, body: { id: 'x' } })
  await page.goto('/en/contact/')
  await hydrated(page, /Send message/)
  await fillContact(page)
  await page.locator('input[name=website]').fill('http://spam.example', { force: true })
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status')).toContainText('Thanks for your message')
  expect(sent.map((b) => b.website)).toEqual(['http://spam.example'])
})

test('a 400 from the server puts its messages on the fields', async ({ page }) => {
  await intake(page, {
    status: 400,
    body: {
      error: 'invalid',
      issues: [
        { path: ['name'], message: 'form.error.required' },
        { path: ['email'], message: 'form.error.email' },
      ],
    },
  })
  await page.goto('/en/contact/')
  await hydrated(page, /Send message/)
  await fillContact(page)
  await page.getByRole('button', { name: 'Send message' }).click()
  const email = page.getByLabel('Email address')
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Please enter an email address such as name@company.com.')).toBeVisible()
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Full name')).toBeFocused()
  await expect(email).toHaveValue('hans@fleischwerk.example')
})

test('a failed quote survives a reload, is retried with the same lead id, and the draft is gone once stored', async ({ page }) => {
  const sent = await intake(page, { status: 500, body: { error: 'server' } }, { status: 201, body: { id: 'x' } })
  await page.goto('/en/quote/')
  await hydrated(page, /Request my quote/)
  await page.getByLabel(/^Company/).fill('Carnes del Sur S.L.')
  await page.getByLabel(/^Country/).fill('Spain')
  await page.getByRole('checkbox', { name: /Beef/ }).check()
  await page.getByLabel(/^Quantity/).fill('120')
  await page.getByLabel('Metres').check()
  await page.getByLabel('Full name').fill('Lucía Fernández')
  await page.getByLabel('Email address').fill('lucia@carnesdelsur.example')
  await page.getByLabel(/stores the details/).check()
  await page.getByRole('button', { name: 'Request my quote' }).click()
  await expect(page.locator('.form-alert')).toContainText('An error occurred while sending')

  // A new navigation to the page, not only reload(): Chromium may restore form fields on a
  // reload by itself, so this proves the draft does it.
  await page.goto('/en/quote/')
  await hydrated(page, /Request my quote/)
  await expect(page.getByLabel(/^Company/)).toHaveValue('Carnes del Sur S.L.')
  await expect(page.getByLabel(/^Country/)).toHaveValue('Spain')
  await expect(page.getByRole('checkbox', { name: /Beef/ })).toBeChecked()
  await expect(page.getByLabel(/^Quantity/)).toHaveValue('120')
  await expect(page.getByLabel('Metres')).toBeChecked()
  await expect(page.getByLabel('Email address')).toHaveValue('lucia@carnesdelsur.example')
  await expect(page.getByLabel(/stores the details/)).toBeChecked()

  await page.getByRole('button', { name: 'Request my quote' }).click()
  await expect(page).toHaveURL(/\/en\/thank-you\/$/)
  expect(sent).toHaveLength(2)
  expect(sent[1]!.lead.id).toBe(sent[0]!.lead.id) // a lost answer cannot store the lead twice
  expect(sent[1]!.lead).toMatchObject({ company: 'Carnes del Sur S.L.', products: ['beef'], quantity: '120', quantity_unit: 'metres' })

  await page.goto('/en/quote/')
  await hydrated(page, /Request my quote/)
  await expect(page.getByLabel(/^Company/)).toHaveValue('')
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('leadDraft:')))).toEqual([])
})

test('text typed before a reload (no submit yet) comes back too, in this tab only', async ({ page, context }) => {
  await page.goto('/en/samples/')
  await hydrated(page, /Request samples/)
  await page.getByLabel(/^Shipping address/).fill('Via Roma 1\n43121 Parma\nItaly')
  await page.reload()
  await hydrated(page, /Request samples/)
  await expect(page.getByLabel(/^Shipping address/)).toHaveValue('Via Roma 1\n43121 Parma\nItaly')
  await page.goto('/en/samples/')
  await hydrated(page, /Request samples/)
  await expect(page.getByLabel(/^Shipping address/)).toHaveValue('Via Roma 1\n43121 Parma\nItaly')
  // sessionStorage belongs to the tab: another tab starts empty.
  const other = await context.newPage()
  await other.goto('/en/samples/')
  await hydrated(other, /Request samples/)
  await expect(other.getByLabel(/^Shipping address/)).toHaveValue('')
})

test('"Request a quote" on a product page pre-selects that product', async ({ page }) => {
  await page.goto('/de/elastische-fleischnetze/lammfleisch-netz/')
  await page.locator('.hero .btn-primary').click()
  await expect(page).toHaveURL(/\/de\/angebot\/\?product=lamb$/)
  await expect(page.locator('input[name=products][value=lamb]')).toBeChecked()
  await expect(page.locator('input[name=products]:checked')).toHaveCount(1)
})

test('the contact form asks for company and country, both optional', async ({ page }) => {
  await page.goto('/en/contact/')
  for (const name of ['company', 'country']) {
    const input = page.locator(`form.lead-form input[name=${name}]`)
    await expect(input).toBeVisible()
    await expect(input).not.toHaveAttribute('required', /.*/)
    await expect(page.locator(`label[for="${await input.getAttribute('id')}"]`)).toContainText('(optional)')
  }
})

test('the privacy links land on #privacy, which exists on the target page in every locale', async ({ page }) => {
  for (const [kind, route] of [
    ['contact', 'contact'],
    ['quote', 'quote'],
    ['samples', 'samples'],
  ] as const) {
    for (const [locale, path] of Object.entries(routeTable.routes.get(route)!.paths)) {
      const html = readFileSync(join('dist/client', path!, 'index.html'), 'utf8')
      const href = html.match(/class="field-hint consent-link"><a href="([^"]+)"/)?.[1]
      expect(href, `${kind} ${locale}`).toBe(`${routeTable.routes.get('downloads')!.paths[locale as 'en']}#privacy`)
      const target = readFileSync(join('dist/client', href!.split('#')[0]!, 'index.html'), 'utf8')
      expect(target, `${href}`).toContain('id="privacy"')
    }
  }
  await page.goto('/fr/devis/')
  await page.locator('.consent-link a').click()
  await expect(page).toHaveURL(/\/fr\/telechargements\/#privacy$/)
  await expect(page.locator('#privacy')).toBeInViewport()
})
