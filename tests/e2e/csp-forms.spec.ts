// Zero Content-Security-Policy violations when a buyer submits a form: validation loads zod, whose
// `new Function` probe used to be reported as a script-src eval violation under the site's CSP
// (lib/leads/schema.ts sets jitless mode). Also the admin page, which signs in through Supabase.
import { expect, test, type Page } from '@playwright/test'

async function collectViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
    )
  })
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)
}

for (const path of ['/en/contact/', '/en/quote/', '/en/samples/', '/tr/teklif/', '/ar/talab-tasir/']) {
  test(`submitting the empty form on ${path} validates with zod and reports no CSP violation`, async ({ page }) => {
    const violations = await collectViolations(page)
    await page.goto(path)
    const submit = page.locator('form.lead-form button[type="submit"]')
    await expect(submit).toBeEnabled() // hydrated
    await submit.click()
    // Validation ran (zod loaded and parsed): the form marks the first invalid field and focuses it.
    await expect(page.locator('form.lead-form [aria-invalid="true"]').first()).toBeFocused()
    expect(await violations()).toEqual([])
  })
}

test("the detector is not vacuous: an eval probe like zod's is reported", async ({ page }) => {
  const violations = await collectViolations(page)
  // A same-origin script (allowed by script-src 'self') that probes eval and swallows the error,
  // as zod does; page.evaluate would bypass the CSP, so the probe must come from the page itself.
  await page.route('**/csp-probe.js', (route) => route.fulfill({ contentType: 'application/javascript', body: "try { new Function('') } catch (e) {}" }))
  await page.goto('/en/contact/')
  await page.addScriptTag({ url: '/csp-probe.js' })
  await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src/))
})
