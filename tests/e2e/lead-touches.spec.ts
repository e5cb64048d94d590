// First and last touch end to end (issue 43): a buyer comes from a campaign link, accepts the
// cookie banner, comes back later directly in the same browser and sends a lead; the admin's
// lead detail and CSV show both visits, and the consent text's version and hash. One test: the
// rules behind it (consent, withdrawal, limits, click ids) are unit-tested in
// lib/leads/draft.test.ts and tests/unit/submit-lead.test.ts.
import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import { consentRecord } from '../../lib/leads/consent-record'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../server/local-supabase/auth-store'
import { expect, test } from './fixtures'

const GCLID = 'Cj0KCQiA-e2e_touch.1'

test('a campaign visit with consent, then a direct visit: both touches on the lead, in the admin and in the CSV', async ({ context }) => {
  const email = `touch-${Date.now()}-${test.info().workerIndex}@example.com`

  // Visit 1: a Google Ads link; the buyer accepts cookies and leaves.
  const first = await context.newPage()
  await first.goto(`/en/country/germany/?utm_source=google&utm_medium=cpc&utm_campaign=iffa-2026&gclid=${GCLID}`, { referer: 'https://www.google.com/' })
  await first.locator('#cookie-banner [data-consent="accepted"]').click()
  await expect(first.locator('#cookie-banner')).toBeHidden()
  await first.close()

  // Visit 2, later, in a new tab (a new session): typed in directly, then the contact form.
  const page = await context.newPage()
  await page.goto('/en/contact/')
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled()
  await page.getByLabel('Full name').fill('Touch Buyer')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Subject').fill('Two visits')
  await page.getByLabel('Your message').fill('Found you through an ad, came back later.')
  await page.getByLabel(/may contact me/).check()
  await page.getByLabel(/stores the details/).check()
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status')).toContainText('Thanks for your message')

  // The admin: the lead's detail shows the first visit beside this one, and the consent record.
  await page.goto('/en/admin/')
  await page.fill('#admin-email', ADMIN_EMAIL)
  await page.fill('#admin-password', ADMIN_PASSWORD)
  await page.click('form.admin-form button[type="submit"]')
  await page.fill('#admin-search', email)
  await expect(page.locator('.admin-leads .admin-count')).toHaveText('Page 1 of 1 — 1 lead matches the filters')
  await page.locator('.admin-table tbody tr').getByRole('button', { name: /View/ }).click()
  const touches = page.locator('dialog.admin-detail .admin-touches')
  const cell = (field: string) => touches.locator(`[data-field="${field}"]`)
  await expect(cell('first_landing_page')).toHaveText('/en/country/germany/')
  await expect(cell('first_referrer')).toHaveText('https://www.google.com/')
  await expect(cell('first_utm_source')).toHaveText('google')
  await expect(cell('first_utm_campaign')).toHaveText('iffa-2026')
  await expect(cell('first_gclid')).toHaveText(GCLID)
  await expect(cell('landing_page')).toHaveText('/en/contact/')
  await expect(cell('utm_source')).toHaveText('')
  await expect(cell('gclid')).toHaveText('')
  const hash = page.locator('dialog.admin-detail [data-field="consent_hash"]')
  // The record the build derived from the English contact form's labels reached the lead unchanged.
  const record = consentRecord('en', 'contact')
  await expect(hash).toHaveText(record.consent_hash)
  await expect(page.locator('dialog.admin-detail [data-field="consent_version"]')).toHaveText(record.consent_version)
  await page.keyboard.press('Escape')

  // The CSV: one row, both touches and the same consent record.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
  const { data } = Papa.parse<Record<string, string>>(readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, ''), {
    header: true,
    skipEmptyLines: true,
  })
  expect(data).toHaveLength(1)
  expect(data[0]).toMatchObject({
    Email: email,
    'Landing page': '/en/contact/',
    utm_source: '',
    'First landing page': '/en/country/germany/',
    'First referrer': 'https://www.google.com/',
    'First utm_source': 'google',
    'First utm_medium': 'cpc',
    'First utm_campaign': 'iffa-2026',
    'First gclid': GCLID,
    'Consent text version': record.consent_version,
    'Consent text SHA-256': record.consent_hash,
  })
})
