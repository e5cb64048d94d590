// The admin page end to end (spec §4, §8): sign-in (no sign-up) and sign-out with the
// spec's toasts, TOTP enrolment and challenge, the leads inbox, the CSV export, and hostile lead
// content shown as text. Chromium against the built site and the local Supabase stand-in (the
// browser reaches it through tests/e2e/fixtures.ts). Toast timers run on page.clock.
// The page is an island (docs/ADMIN-INBOX.md): before sign-in it shows the form with React
// alone; supabase-js, the toasts (and their "Notifications (F8)" region) and the inbox load when
// the form is sent, or at once when a saved session exists. The inbox itself (paging, status,
// notes, summary, deep link, erasure) is tested in tests/e2e/admin-inbox.spec.ts.
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { SupabaseClient } from '@supabase/supabase-js'
import * as OTPAuth from 'otpauth'
import Papa from 'papaparse'
import type { Page } from '@playwright/test'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../server/local-supabase/auth-store'
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../server/local-supabase/jwt'
import { expect, test, testBackendUrl } from './fixtures'
import { watchNetwork } from './network'
import { testClient } from '../helpers/supabase-client'

const SCRIPT = '<img src=x onerror=alert(1)>'
const FORMULA = '=HYPERLINK("http://evil","x")'
// Module scope runs once per worker: each worker seeds and searches its own three leads.
const TAG = `adm${Date.now()}${Math.random().toString(36).slice(2, 6)}`

// Browsers cannot write the table any more (the submit-lead function stores leads as the service
// role, tests/unit/submit-lead.test.ts), so the fixtures are stored the way that function stores them.
const serviceRole = (): SupabaseClient => testClient(testBackendUrl(), LOCAL_SERVICE_ROLE_KEY)

// Three leads as buyers send them, oldest first, with hostile content.
const seeded: ({ id: string } & Record<string, unknown>)[] = [
  {
    id: crypto.randomUUID(),
    kind: 'contact',
    name: SCRIPT,
    email: `${TAG}-contact@example.com`,
    phone: '+44 20 7946 0000',
    subject: FORMULA,
    message: '=1+1\n<script>alert(2)</script>',
    locale: 'en',
    page: '/en/contact',
    consent_contact: true,
    consent_privacy: true,
    // Both touches and a consent record, so the detail's axe check covers their sections too.
    landing_page: '/en/contact/',
    first_landing_page: '/en/',
    first_utm_source: '=cmd',
    first_gclid: 'Cj0KCQ-adm',
    consent_version: '0123456789ab',
    consent_hash: 'ab'.repeat(32),
  },
  {
    id: crypto.randomUUID(),
    kind: 'quote',
    name: 'Tom Hale',
    email: `${TAG}-quote@example.com`,
    company: '@SUM(1+1)',
    country: '-2+3',
    products: ['beef', 'lamb'],
    quantity: '200',
    quantity_unit: 'rolls',
    locale: 'de',
    page: '/de/angebot',
    consent_privacy: true,
  },
  {
    id: crypto.randomUUID(),
    kind: 'samples',
    name: 'ليلى حداد',
    email: `${TAG}-samples@example.com`,
    company: 'شركة الخليج للأغذية',
    products: ['poultry'],
    shipping_address: '\tDubai Industrial City\rUAE',
    locale: 'ar',
    page: '/ar/ayyinat',
    consent_privacy: true,
  },
]

// beforeAll runs again for each group of tests a worker picks from this file (fullyParallel);
// the leads are inserted once per worker.
let seeding: Promise<void> | undefined
async function seed() {
  // One second apart, oldest first, as the service role may set them: "newest first" is then
  // testable however fast or slow the inserts run.
  const start = Date.now() - seeded.length * 1000
  for (const [i, lead] of seeded.entries()) {
    const { error } = await serviceRole()
      .from('leads')
      .insert({ ...lead, created_at: new Date(start + i * 1000).toISOString() })
    expect(error).toBeNull()
  }
}
test.beforeAll(async () => {
  await (seeding ??= seed())
})

// The local backend, like GoTrue, refuses sign-in to an address after 5 wrong passwords within
// 15 minutes (server/local-supabase/throttle.ts), even with the right one. The backend is shared
// with the other specs (forms.spec.ts signs in as the admin), so wrong passwords go to addresses
// without an account, one per test: the server answers them exactly as a wrong password.
const nobody = (label: string) => `${TAG}-${label}-nobody@example.com`

async function openAdmin(page: Page) {
  await page.goto('/en/admin/')
  await expect(page.locator('#admin-email')).toBeVisible()
}

async function signIn(page: Page, email: string, password: string) {
  await page.fill('#admin-email', email)
  await page.fill('#admin-password', password)
  await page.click('form.admin-form button[type="submit"]')
}

const toast = (page: Page) => page.locator('.toast')
/** axe on <main>, once entry animations have finished (a toast fading in has low contrast). */
async function axeViolations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  return (await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => `${v.id}: ${v.help}`)
}

test.describe('admin: toasts', () => {
  test('a wrong password shows one destructive toast "Sign in Failed" with the server’s message', async ({ page }) => {
    await openAdmin(page)
    await signIn(page, nobody('wrong'), 'wrong-password')
    await expect(toast(page)).toBeVisible()
    await expect(toast(page).locator('.toast-title')).toHaveText('Sign in Failed')
    await expect(toast(page).locator('.toast-description')).toHaveText('Invalid login credentials')
    await expect(toast(page)).toHaveClass(/\btoast-destructive\b/)
    // A second failure replaces the first: still one toast.
    const second = page.waitForResponse((r) => r.url().includes('/auth/v1/token'))
    await page.click('form.admin-form button[type="submit"]')
    expect((await second).status()).toBe(400)
    await expect(toast(page)).toHaveCount(1)
    await expect(page.locator('.toast-title')).toHaveCount(1)
    // Still on the sign-in form.
    await expect(page.locator('#admin-password')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  test('F8 focuses the region labelled "Notifications (F8)", which exists once the form is sent; the close button dismisses', async ({ page }) => {
    await openAdmin(page)
    const region = page.getByRole('region', { name: 'Notifications (F8)' })
    // The toast library is not loaded before sign-in: no region yet.
    await expect(region).toHaveCount(0)
    await signIn(page, nobody('f8'), 'wrong-password')
    await expect(region).toHaveCount(1)
    await expect(toast(page)).toBeVisible()
    await page.keyboard.press('F8')
    await expect(page.locator('[role="region"][aria-label="Notifications (F8)"]:focus-within')).toHaveCount(1)
    await toast(page).getByRole('button', { name: 'Close' }).click()
    await expect(toast(page)).toHaveCount(0)
  })

  test('a toast closes by itself after 5000 ms, on Escape, and when swiped right past 50 px', async ({ page }) => {
    // The page's timers stand still until the test moves the clock (sign-in needs none).
    const start = new Date('2026-03-02T09:00:00Z').getTime()
    await page.clock.install({ time: start })
    await page.clock.pauseAt(start + 1000)
    await openAdmin(page)
    await page.mouse.move(0, 0) // away from the toast: hovering pauses its timer
    await signIn(page, nobody('timer'), 'wrong-password')
    await expect(toast(page)).toBeVisible()
    await page.clock.runFor(4900)
    await expect(toast(page)).toHaveCount(1)
    await page.clock.runFor(200)
    await expect(toast(page)).toHaveCount(0)

    await page.click('form.admin-form button[type="submit"]')
    await expect(toast(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(toast(page)).toHaveCount(0)

    await page.click('form.admin-form button[type="submit"]')
    await expect(toast(page)).toBeVisible()
    const box = (await toast(page).boundingBox())!
    const y = box.y + box.height / 2
    // A short swipe (under 50 px) snaps back…
    await page.mouse.move(box.x + 20, y)
    await page.mouse.down()
    await page.mouse.move(box.x + 50, y, { steps: 5 })
    await page.mouse.up()
    await expect(toast(page)).toHaveAttribute('data-swipe', 'cancel')
    await expect(toast(page)).toHaveCount(1)
    // …a long one dismisses. It starts once the snap-back (a 0.2 s transition) is over: until then
    // the toast's left edge is still up to 30 px to the right, past where the swipe starts.
    await toast(page).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
    await page.mouse.move(box.x + 20, y)
    await page.mouse.down()
    await page.mouse.move(box.x + 120, y, { steps: 10 })
    await page.mouse.up()
    await expect(toast(page)).toHaveCount(0)
  })
})

test.describe('admin: leads', () => {
  test('the admin signs in and sees the leads newest first, filters by kind, searches, and views a lead', async ({ page }) => {
    let dialogs = 0
    page.on('dialog', (d) => {
      dialogs++
      void d.dismiss()
    })
    await openAdmin(page)
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await expect(page.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible()
    await expect(page.locator('.admin-table')).toBeVisible()
    // The inbox pages in the database and counts the true total (other specs add leads too).
    const count = page.locator('.admin-leads .admin-count')
    await expect(count).toHaveText(/^Page 1 of [\d,]+ — [\d,]+ leads?$/)

    await page.fill('#admin-search', TAG)
    const rows = page.locator('.admin-table tbody tr')
    await expect(count).toHaveText('Page 1 of 1 — 3 leads match the filters')
    await expect(rows).toHaveCount(3)
    // Newest first.
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-lead-id')))).toEqual(seeded.map((l) => l.id).reverse())

    // Hostile content is text: the markup shows literally and no element or script came of it.
    const contactRow = page.locator(`tr[data-lead-id="${seeded[0]!.id}"]`)
    await expect(contactRow.locator('td').nth(2)).toHaveText(SCRIPT)
    await expect(page.locator('img[src="x"]')).toHaveCount(0)

    await page.selectOption('#admin-kind', 'quote')
    await expect(count).toHaveText('Page 1 of 1 — 1 lead matches the filters')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toHaveAttribute('data-lead-id', seeded[1]!.id)
    await page.selectOption('#admin-kind', '')
    await expect(count).toHaveText('Page 1 of 1 — 3 leads match the filters')

    await page.fill('#admin-search', `${TAG}-samples`)
    await expect(count).toHaveText('Page 1 of 1 — 1 lead matches the filters')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toHaveAttribute('data-lead-id', seeded[2]!.id)
    await page.fill('#admin-search', TAG)
    await expect(count).toHaveText('Page 1 of 1 — 3 leads match the filters')
    await expect(rows).toHaveCount(3)

    // Detail view: every field as text, in a modal dialog that Escape closes.
    await contactRow.getByRole('button', { name: /View/ }).click()
    const detail = page.locator('dialog.admin-detail')
    await expect(detail).toBeVisible()
    await expect(detail.locator('[data-field="name"]')).toHaveText(SCRIPT)
    await expect(detail.locator('[data-field="subject"]')).toHaveText(FORMULA)
    // Line breaks kept: innerText, not the whitespace-normalising toHaveText.
    expect(await detail.locator('[data-field="message"]').innerText()).toBe('=1+1\n<script>alert(2)</script>')
    await expect(detail.locator('[data-field="first_utm_source"]')).toHaveText('=cmd')
    await expect(detail.locator('img, script')).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(detail).toHaveCount(0)
    await expect(contactRow.getByRole('button', { name: /View/ })).toBeFocused()
    expect(dialogs).toBe(0)
  })

  test('exports the filtered leads as CSV, with formula cells escaped', async ({ page }) => {
    await openAdmin(page)
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await expect(page.locator('.admin-table')).toBeVisible()
    await page.fill('#admin-search', TAG)
    await expect(page.locator('.admin-leads .admin-count')).toHaveText('Page 1 of 1 — 3 leads match the filters')
    await expect(page.locator('.admin-table tbody tr')).toHaveCount(3)

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = readFileSync((await download.path())!, 'utf8')
    expect(text.startsWith('\ufeff')).toBe(true)
    // Quoted and apostrophe-prefixed in the file itself:
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`)

    const { data } = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true })
    const [header, ...body] = data
    expect(header!.slice(0, 4)).toEqual(['Received', 'Kind', 'Name', 'Email'])
    expect(body).toHaveLength(3)
    const col = (name: string) => header!.indexOf(name)
    const byKind = Object.fromEntries(body.map((r) => [r[col('Kind')], r]))
    expect(body.map((r) => r[col('Lead id')])).toEqual(seeded.map((l) => l.id).reverse())

    const contact = byKind.contact!
    expect(contact[col('Name')]).toBe(SCRIPT) // not a formula: unchanged
    expect(contact[col('Subject')]).toBe(`'${FORMULA}`)
    expect(contact[col('Message')]).toBe("'=1+1\n<script>alert(2)</script>") // multi-line too
    // A phone is text in a spreadsheet without a visible apostrophe (lib/csv/formula.ts, phoneCell).
    expect(contact[col('Phone')]).toBe('="+44 20 7946 0000"')
    expect(byKind.quote![col('Company')]).toBe("'@SUM(1+1)")
    expect(byKind.quote![col('Country')]).toBe("'-2+3")
    expect(byKind.quote![col('Products')]).toBe('Beef Netting; Lamb Netting')
    expect(byKind.samples![col('Shipping address')]).toBe("'\tDubai Industrial City\rUAE")
    expect(byKind.samples![col('Name')]).toBe('ليلى حداد')
    expect(contact[col('First utm_source')]).toBe("'=cmd") // the first touch is a link anyone can write
    // No other cell starts a formula; the phone's ="…" holds nothing but the number.
    for (const cell of body.flat()) if (cell !== contact[col('Phone')]) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  test('the session survives a reload (read back as INITIAL_SESSION)', async ({ page }) => {
    await openAdmin(page)
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await expect(page.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible()
    await page.reload()
    // A saved session loads the admin app at once: no sign-in form in between.
    await expect(page.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible()
    await expect(page.locator('#admin-email')).toHaveCount(0)
    await expect(page.locator('.admin-table')).toBeVisible()
    await expect(page.locator('.admin-leads .admin-count')).toHaveText(/^Page 1 of [\d,]+ — [\d,]+ leads?$/)
  })
})

test.describe('admin: sign-out', () => {
  test('a 401 from the server still removes the local session; a network failure shows "Sign out Failed"', async ({ page }) => {
    await openAdmin(page)
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await expect(page.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible()
    const storedKeys = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sb-')))
    expect(await storedKeys()).not.toEqual([])

    await page.route(/\/auth\/v1\/logout/, (route) => (route.request().method() !== 'POST' ? route.fallback() : route.abort('connectionrefused')))
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(toast(page)).toBeVisible()
    await expect(toast(page).locator('.toast-title')).toHaveText('Sign out Failed')
    await expect(toast(page).locator('.toast-description')).toHaveText('Something went wrong')
    await expect(page.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible()

    await page.unroute(/\/auth\/v1\/logout/)
    let answered401 = 0
    await page.route(/\/auth\/v1\/logout/, (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      answered401++
      return route.fulfill({
        status: 401,
        headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
        body: JSON.stringify({ code: 401, error_code: 'bad_jwt', msg: 'invalid JWT: unable to parse or verify signature' }),
      })
    })
    await page.keyboard.press('Escape') // dismiss the previous toast
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.locator('#admin-email')).toBeVisible()
    expect(answered401).toBe(1)
    await expect.poll(storedKeys).toEqual([])
    await expect(toast(page)).toHaveCount(0)
  })
})

test.describe('admin: accounts and two-factor authentication', () => {
  // In order, in one worker: the second test signs in with the account the first one creates.
  test.describe.configure({ mode: 'serial' })
  const email = `${TAG}-user@example.com`
  const password = 'correct-horse-battery-9'
  let secret = ''

  test('the sign-in offers no sign-up; an account without the admin role sees a clear no-access state', async ({ page }) => {
    await openAdmin(page)
    // Sign-ups are closed (supabase/config.toml): the form is a sign-in and nothing else.
    await expect(page.locator('.admin-auth').getByRole('button')).toHaveText(['Sign in'])
    await expect(page.getByText(/create an account|sign up/i)).toHaveCount(0)
    // The account is made the way an owner makes one, outside the page (the local backend still
    // takes sign-ups through the API, as hosted Auth's admin API does).
    const api = testClient(testBackendUrl(), LOCAL_ANON_KEY)
    expect((await api.auth.signUp({ email, password })).error).toBeNull()
    await signIn(page, email, password)
    await expect(page.getByRole('heading', { name: 'No access to leads' })).toBeVisible()
    await expect(page.locator('.admin-table')).toHaveCount(0)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.locator('#admin-email')).toBeVisible()
  })

  test('enrols a TOTP factor with the QR code; the next sign-in asks for a code before going on', async ({ page }) => {
    await openAdmin(page)
    await signIn(page, email, password)
    await expect(page.getByRole('heading', { name: 'No access to leads' })).toBeVisible()

    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
    const qr = page.locator('img.admin-qr')
    await expect(qr).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;charset=utf-8,%3Csvg/)
    await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0) // the CSP allows it
    secret = await page.locator('.admin-secret').innerText()
    const totp = new OTPAuth.TOTP({ secret })

    await page.fill('#admin-enrol-code', '000000')
    await page.getByRole('button', { name: 'Turn on' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'The code was not accepted' })).toBeVisible()
    await expect(page.locator('#admin-enrol-code')).toHaveAttribute('aria-invalid', 'true')

    const enrolCode = totp.generate()
    await page.fill('#admin-enrol-code', enrolCode)
    await page.getByRole('button', { name: 'Turn on' }).click()
    await expect(page.locator('.admin-mfa-on')).toBeVisible()
    await expect(toast(page).locator('.toast-title')).toHaveText('Two-factor authentication is on')

    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.locator('#admin-email')).toBeVisible()
    await signIn(page, email, password)
    await expect(page.locator('#admin-mfa-code')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No access to leads' })).toHaveCount(0)
    // A code works once, and no older one after it (server/local-supabase/mfa.ts): the code used
    // to turn the factor on is refused, the next time step's code (accepted within the ±1 step
    // window) is not.
    await page.fill('#admin-mfa-code', enrolCode)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'this code was already used' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No access to leads' })).toHaveCount(0)
    await page.fill('#admin-mfa-code', totp.generate({ timestamp: Date.now() + 30_000 }))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('heading', { name: 'No access to leads' })).toBeVisible()
    // The session is aal2 now.
    const aal = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'))!
      const token = JSON.parse(localStorage.getItem(key)!).access_token as string
      return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).aal
    })
    expect(aal).toBe('aal2')
  })
})

test.describe('admin: page', () => {
  test('is noindex; supabase-js and the toast library load only once the sign-in form is sent', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    const loaded = (marker: string) => scripts.some((u) => readFileSync(`dist/client${new URL(u).pathname}`, 'utf8').includes(marker))
    const network = watchNetwork(page)
    await page.goto('/en/admin/')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,follow')
    expect(await page.title()).toBe('Leads | Elastinet Admin')
    const html = readFileSync('dist/client/en/admin/index.html', 'utf8')
    expect(html).toContain('<meta name="robots" content="noindex,follow"')
    expect(html).toContain('Loading…')
    // What the HTML references is first-load JS: no supabase-js (its X-Client-Info header name)
    // and no radix toast (its component names) in there.
    const firstLoad = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!)
    expect(firstLoad.length).toBeGreaterThan(0)
    for (const asset of firstLoad) {
      const code = readFileSync(`dist/client${asset}`, 'utf8')
      expect(code, asset).not.toContain('X-Client-Info')
      expect(code, asset).not.toContain('ToastViewport')
    }
    // Hydrated, with everything the page loads by itself loaded: still neither of them
    // (docs/ADMIN-INBOX.md; the size budget is in admin-inbox.spec.ts).
    await expect(page.locator('#admin-email')).toBeVisible()
    await network.quiet()
    expect(loaded('X-Client-Info')).toBe(false)
    expect(loaded('ToastViewport')).toBe(false)
    // Both arrive when the form is sent: its failure is a toast.
    await signIn(page, nobody('first-load'), 'wrong-password')
    await expect(toast(page).locator('.toast-title')).toHaveText('Sign in Failed')
    expect(loaded('X-Client-Info')).toBe(true)
    expect(loaded('ToastViewport')).toBe(true)
  })
})
