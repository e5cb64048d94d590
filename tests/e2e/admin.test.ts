// The admin page end to end (issue 5, spec §4, §8): sign-in, sign-up and sign-out with the
// spec's toasts, TOTP enrolment and challenge, the leads table, the CSV export, and hostile lead
// content shown as text. Chromium against the built site and the local Supabase stand-in.
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import * as OTPAuth from 'otpauth'
import Papa from 'papaparse'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { LOCAL_SUPABASE_ANON_KEY } from '../../lib/supabase/config'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../server/local-supabase/auth-store'
import { useBrowser } from './browser'

const { page: newPage } = useBrowser()

const SCRIPT = '<img src=x onerror=alert(1)>'
const FORMULA = '=HYPERLINK("http://evil","x")'
const TAG = `adm${Date.now()}`

class NoRealtime {
  constructor() {
    throw new Error('realtime is not used in tests')
  }
}
const anon = (): SupabaseClient =>
  createClient(inject('supabaseUrl'), LOCAL_SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
  })

// Three leads sent as a visitor would (anon insert), oldest first, with hostile content.
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

beforeAll(async () => {
  for (const lead of seeded) {
    const { error } = await anon().from('leads').insert(lead)
    expect(error).toBeNull()
    await new Promise((r) => setTimeout(r, 20)) // distinct created_at, so "newest first" is testable
  }
})

async function openAdmin(page: Page) {
  await page.goto('/en/admin')
  await page.locator('#admin-email').waitFor()
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

describe('admin: toasts', () => {
  it('a wrong password shows one destructive toast "Sign in Failed" with the server’s message', async () => {
    const page = await newPage()
    await openAdmin(page)
    await signIn(page, ADMIN_EMAIL, 'wrong-password')
    await toast(page).waitFor()
    expect(await toast(page).locator('.toast-title').innerText()).toBe('Sign in Failed')
    expect(await toast(page).locator('.toast-description').innerText()).toBe('Invalid login credentials')
    expect(await toast(page).getAttribute('class')).toContain('toast-destructive')
    // A second failure replaces the first: still one toast.
    await page.click('form.admin-form button[type="submit"]')
    await expect.poll(() => toast(page).count()).toBe(1)
    expect(await page.locator('.toast-title').count()).toBe(1)
    // Still on the sign-in form.
    expect(await page.locator('#admin-password').isVisible()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await page.context().close()
  })

  it('F8 focuses the region labelled "Notifications (F8)"; the close button dismisses', async () => {
    const page = await newPage()
    await openAdmin(page)
    const region = page.getByRole('region', { name: 'Notifications (F8)' })
    expect(await region.count()).toBe(1)
    await signIn(page, ADMIN_EMAIL, 'wrong-password')
    await toast(page).waitFor()
    await page.keyboard.press('F8')
    expect(await page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label'))).toBe('Notifications (F8)')
    await toast(page).getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => toast(page).count()).toBe(0)
    await page.context().close()
  })

  it('a toast closes by itself after 5000 ms, on Escape, and when swiped right past 50 px', async () => {
    const page = await newPage()
    await openAdmin(page)
    await signIn(page, ADMIN_EMAIL, 'wrong-password')
    await toast(page).waitFor()
    const shownAt = Date.now()
    await page.mouse.move(0, 0) // away from the toast: hovering pauses its timer
    await page.waitForTimeout(4000)
    expect(await toast(page).count()).toBe(1)
    await expect.poll(() => toast(page).count(), { timeout: 4000 }).toBe(0)
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4900)

    await page.click('form.admin-form button[type="submit"]')
    await toast(page).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => toast(page).count()).toBe(0)

    await page.click('form.admin-form button[type="submit"]')
    await toast(page).waitFor()
    const box = (await toast(page).boundingBox())!
    const y = box.y + box.height / 2
    // A short swipe (under 50 px) snaps back…
    await page.mouse.move(box.x + 20, y)
    await page.mouse.down()
    await page.mouse.move(box.x + 50, y, { steps: 5 })
    await page.mouse.up()
    await page.waitForTimeout(300)
    expect(await toast(page).count()).toBe(1)
    // …a long one dismisses.
    await page.mouse.move(box.x + 20, y)
    await page.mouse.down()
    await page.mouse.move(box.x + 120, y, { steps: 10 })
    await page.mouse.up()
    await expect.poll(() => toast(page).count()).toBe(0)
    await page.context().close()
  })
})

describe('admin: leads', () => {
  it('the admin signs in and sees the leads newest first, filters by kind, searches, and views a lead', async () => {
    const page = await newPage()
    let dialogs = 0
    page.on('dialog', (d) => {
      dialogs++
      void d.dismiss()
    })
    await openAdmin(page)
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.getByText(`Signed in as ${ADMIN_EMAIL}`).waitFor()
    await page.locator('.admin-table').waitFor()

    await page.fill('#admin-search', TAG)
    const rows = page.locator('.admin-table tbody tr')
    await expect.poll(() => rows.count()).toBe(3)
    // Newest first.
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-lead-id')))).toEqual(seeded.map((l) => l.id).reverse())
    expect(await page.locator('.admin-count').innerText()).toMatch(/^3 of \d+ leads shown$/)

    // Hostile content is text: the markup shows literally and no element or script came of it.
    const contactRow = page.locator(`tr[data-lead-id="${seeded[0]!.id}"]`)
    expect(await contactRow.locator('td').nth(2).innerText()).toBe(SCRIPT)
    expect(await page.locator('img[src="x"]').count()).toBe(0)

    await page.selectOption('#admin-kind', 'quote')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().getAttribute('data-lead-id')).toBe(seeded[1]!.id)
    await page.selectOption('#admin-kind', '')

    await page.fill('#admin-search', `${TAG}-samples`)
    await expect.poll(() => rows.count()).toBe(1)
    await page.fill('#admin-search', TAG)
    await expect.poll(() => rows.count()).toBe(3)

    // Detail view: every field as text, in a modal dialog that Escape closes.
    await contactRow.getByRole('button', { name: /View/ }).click()
    const detail = page.locator('dialog.admin-detail')
    await detail.waitFor()
    expect(await detail.locator('[data-field="name"]').innerText()).toBe(SCRIPT)
    expect(await detail.locator('[data-field="subject"]').innerText()).toBe(FORMULA)
    expect(await detail.locator('[data-field="message"]').innerText()).toBe('=1+1\n<script>alert(2)</script>')
    expect(await detail.locator('img, script').count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => detail.count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('View')
    expect(dialogs).toBe(0)
    await page.context().close()
  })

  it('exports the shown leads as CSV, with formula cells escaped', async () => {
    const page = await newPage()
    await openAdmin(page)
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.locator('.admin-table').waitFor()
    await page.fill('#admin-search', TAG)
    await expect.poll(() => page.locator('.admin-table tbody tr').count()).toBe(3)

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
    expect(contact[col('Phone')]).toBe("'+44 20 7946 0000")
    expect(byKind.quote![col('Company')]).toBe("'@SUM(1+1)")
    expect(byKind.quote![col('Country')]).toBe("'-2+3")
    expect(byKind.quote![col('Products')]).toBe('beef; lamb')
    expect(byKind.samples![col('Shipping address')]).toBe("'\tDubai Industrial City\rUAE")
    expect(byKind.samples![col('Name')]).toBe('ليلى حداد')
    // No cell at all starts a formula.
    for (const cell of body.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
    await page.context().close()
  })

  it('the session survives a reload (read back as INITIAL_SESSION)', async () => {
    const page = await newPage()
    await openAdmin(page)
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.getByText(`Signed in as ${ADMIN_EMAIL}`).waitFor()
    await page.reload()
    await page.getByText(`Signed in as ${ADMIN_EMAIL}`).waitFor()
    await page.locator('.admin-table').waitFor()
    await page.context().close()
  })
})

describe('admin: sign-out', () => {
  it('a 401 from the server still removes the local session; a network failure shows "Sign out Failed"', async () => {
    const page = await newPage()
    await openAdmin(page)
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    await page.getByText(`Signed in as ${ADMIN_EMAIL}`).waitFor()
    const storedKeys = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sb-')))
    expect(await storedKeys()).not.toEqual([])

    await page.route(/\/auth\/v1\/logout/, (route) =>
      route.request().method() !== 'POST' ? route.continue() : route.abort('connectionrefused'),
    )
    await page.getByRole('button', { name: 'Sign out' }).click()
    await toast(page).waitFor()
    expect(await toast(page).locator('.toast-title').innerText()).toBe('Sign out Failed')
    expect(await toast(page).locator('.toast-description').innerText()).toBe('Something went wrong')
    expect(await page.getByText(`Signed in as ${ADMIN_EMAIL}`).isVisible()).toBe(true)

    await page.unroute(/\/auth\/v1\/logout/)
    let answered401 = 0
    await page.route(/\/auth\/v1\/logout/, (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      answered401++
      return route.fulfill({
        status: 401,
        headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
        body: JSON.stringify({ code: 401, error_code: 'bad_jwt', msg: 'invalid JWT: unable to parse or verify signature' }),
      })
    })
    await page.keyboard.press('Escape') // dismiss the previous toast
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.locator('#admin-email').waitFor()
    expect(answered401).toBe(1)
    expect(await storedKeys()).toEqual([])
    expect(await toast(page).count()).toBe(0)
    await page.context().close()
  })
})

describe('admin: accounts and two-factor authentication', () => {
  const email = `${TAG}-user@example.com`
  const password = 'correct-horse-battery-9'
  let secret = ''

  it('a new account without the admin role sees a clear no-access state; the same email again shows "Sign up Failed"', async () => {
    const page = await newPage()
    await openAdmin(page)
    await page.getByRole('button', { name: 'Create an account' }).click()
    await signIn(page, email, password)
    await page.getByRole('heading', { name: 'No access to leads' }).waitFor()
    expect(await page.locator('.admin-table').count()).toBe(0)
    await page.getByRole('button', { name: 'Sign out' }).click()

    await page.locator('#admin-email').waitFor()
    await page.getByRole('button', { name: 'Create an account' }).click()
    await signIn(page, email, password)
    await toast(page).waitFor()
    expect(await toast(page).locator('.toast-title').innerText()).toBe('Sign up Failed')
    expect(await toast(page).locator('.toast-description').innerText()).toBe('User already registered')
    await page.context().close()
  })

  it('enrols a TOTP factor with the QR code; the next sign-in asks for a code before going on', async () => {
    const page = await newPage()
    await openAdmin(page)
    await signIn(page, email, password)
    await page.getByRole('heading', { name: 'No access to leads' }).waitFor()

    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
    const qr = page.locator('img.admin-qr')
    await qr.waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/)
    await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0) // the CSP allows it
    secret = await page.locator('.admin-secret').innerText()
    const totp = new OTPAuth.TOTP({ secret })

    await page.fill('#admin-enrol-code', '000000')
    await page.getByRole('button', { name: 'Turn on' }).click()
    await page.getByRole('alert').filter({ hasText: 'The code was not accepted' }).waitFor()
    expect(await page.getAttribute('#admin-enrol-code', 'aria-invalid')).toBe('true')

    await page.fill('#admin-enrol-code', totp.generate())
    await page.getByRole('button', { name: 'Turn on' }).click()
    await page.locator('.admin-mfa-on').waitFor()
    expect(await toast(page).locator('.toast-title').innerText()).toBe('Two-factor authentication is on')

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.locator('#admin-email').waitFor()
    await signIn(page, email, password)
    await page.locator('#admin-mfa-code').waitFor()
    expect(await page.getByRole('heading', { name: 'No access to leads' }).count()).toBe(0)
    await page.fill('#admin-mfa-code', totp.generate())
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByRole('heading', { name: 'No access to leads' }).waitFor()
    // The session is aal2 now.
    const aal = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'))!
      const token = JSON.parse(localStorage.getItem(key)!).access_token as string
      return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).aal
    })
    expect(aal).toBe('aal2')
    await page.context().close()
  })
})

describe('admin: page', () => {
  it('is noindex, and its first load carries neither supabase-js nor the toast library', async () => {
    const page = await newPage()
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    await page.goto('/en/admin')
    expect(await page.getAttribute('meta[name="robots"]', 'content')).toBe('noindex,follow')
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
    // Both arrive after hydration.
    await page.locator('#admin-email').waitFor()
    const loaded = scripts.map((u) => readFileSync(`dist/client${new URL(u).pathname}`, 'utf8'))
    expect(loaded.some((code) => code.includes('X-Client-Info'))).toBe(true)
    expect(loaded.some((code) => code.includes('ToastViewport'))).toBe(true)
    await page.context().close()
  })
})
