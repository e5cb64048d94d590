// `test` and `expect` for every e2e spec that lets the browser talk to the Supabase backend
// (forms, admin; any page that hydrates may call it). Import them from here instead of
// '@playwright/test'.
//
// Why: the built site calls the Supabase URL baked in at build time, http://127.0.0.1:54321
// (lib/supabase/config.ts), the port `npm start` uses. The test backend runs on a free port
// (tests/e2e/global-setup.ts, E2E_SUPABASE_URL), so `npm test` works while `npm start` runs and
// never writes into its database. The `context` fixture routes every browser request for
// 127.0.0.1:54321 to the test backend: `route.fetch({ url })` sends it from Node (no CORS
// there) and `route.fulfill` hands the answer back to the page. The backend answers with CORS
// headers for the page's loopback Origin, which route.fetch forwards. CORS preflights (OPTIONS)
// of intercepted requests are answered by Playwright itself and never reach the route.
//
// A spec's own page.route() handlers run first: call route.fallback() (not route.continue(),
// which would go to the real port 54321) to pass a request on to this routing, or
// route.fetch({ url: toTestBackend(route.request().url()) }) to send it yourself.
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { LOCAL_SUPABASE_URL } from '../../lib/supabase/config'
import { recordViolations, withAxe } from './page-checks'
import { pinFonts } from './pinned-fonts'
import { pinAnimations } from './screenshots'

export { expect }

/** Matches the browser's requests to the Supabase URL the site was built with. */
export const BUILT_IN_BACKEND = new RegExp(`^${LOCAL_SUPABASE_URL.replace(/[.]/g, '\\.')}/`)

/** The test backend's URL (global setup). */
export function testBackendUrl(): string {
  const url = process.env.E2E_SUPABASE_URL
  if (!url) throw new Error('E2E_SUPABASE_URL is not set: run the e2e tests with `npx playwright test` (tests/e2e/global-setup.ts)')
  return url
}

/** The same request, addressed to the test backend. */
export const toTestBackend = (url: string) => testBackendUrl() + url.slice(LOCAL_SUPABASE_URL.length)

/** Routes a context's requests for the built-in backend to the test backend. */
export async function routeToTestBackend(context: BrowserContext): Promise<void> {
  await context.route(BUILT_IN_BACKEND, async (route) => {
    try {
      const response = await route.fetch({ url: toTestBackend(route.request().url()), maxRedirects: 0 })
      await route.fulfill({ response })
    } catch (e) {
      // The page or context closed while the request was in flight: nothing left to answer.
      if (!/closed|Target page|has been closed/i.test(String(e))) await route.abort('failed').catch(() => {})
    }
  })
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await routeToTestBackend(context)
    await use(context)
  },
})

/** Fails the test if `page` sent anything to the built-in backend while `body` ran. */
async function withoutBackendRequests(page: Page, body: () => Promise<void>) {
  const sent: string[] = []
  const onRequest = (r: { url(): string }) => {
    if (BUILT_IN_BACKEND.test(r.url())) sent.push(r.url())
  }
  page.on('request', onRequest)
  try {
    await body()
  } finally {
    page.off('request', onRequest)
  }
  expect(sent, 'this page called the backend: use `test` from ./fixtures, which routes it to the test backend').toEqual([])
}

/**
 * `test` for specs whose pages never call the backend: content pages, forms that are not sent,
 * the admin page signed out. Routing costs every request of a context a round trip through
 * Playwright (about 12% of the CPU of a spec that opens many pages), so these contexts are not
 * routed; a request to the backend fails the test instead of reaching port 54321.
 *
 * `readerPage`: one context per worker for tests that only open a page and read it (a fresh
 * context and page cost about half a second of CPU per test on this 2-core machine). Such a
 * test must leave no state behind (no storage writes it relies on, no routes, no clock, no init
 * scripts); a failed one gets the page's URL and content in its message, but no trace.
 *
 * `auditPage`: the same with axe, declined cookies and the CSP recorder installed once per worker
 * (withAxe, recordViolations) in every document of its context. `sweepPage`: the same, the
 * pinned fonts (pinned-fonts.ts) and no animations (screenshots.ts, pinAnimations), for the screenshots, CSP and axe of every-page.spec.ts and the
 * screenshot self-tests. Fixtures of one `test` share the workers (a spec with its own worker
 * fixtures would need workers of its own).
 */
export const readOnlyTest = base.extend<
  { readerPage: Page; auditPage: Page; sweepPage: Page },
  { readerContext: BrowserContext; auditContext: BrowserContext; sweepContext: BrowserContext }
>({
  page: async ({ page }, use) => {
    await withoutBackendRequests(page, () => use(page))
  },
  readerContext: [({ browser }, use) => workerContext(browser, use), { scope: 'worker' }],
  readerPage: ({ readerContext }, use) => sharedPage(readerContext, use),
  auditContext: [
    ({ browser }, use) =>
      workerContext(browser, use, async (context) => {
        await recordViolations(context)
        await withAxe(context)
      }),
    { scope: 'worker' },
  ],
  auditPage: ({ auditContext }, use) => sharedPage(auditContext, use),
  sweepContext: [
    ({ browser }, use) =>
      workerContext(browser, use, async (context) => {
        await recordViolations(context)
        await withAxe(context)
        await pinFonts(context)
        await pinAnimations(context)
      }),
    { scope: 'worker' },
  ],
  sweepPage: ({ sweepContext }, use) => sharedPage(sweepContext, use),
})

/** A context for the whole worker, with `prepare` run once (e.g. init scripts for every document). */
async function workerContext(browser: Browser, use: (c: BrowserContext) => Promise<void>, prepare?: (c: BrowserContext) => Promise<void>) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
  await prepare?.(context)
  await use(context)
  await context.close()
}

/** The shared context's one page, for one test, which fails if the page calls the backend. */
async function sharedPage(context: BrowserContext, use: (p: Page) => Promise<void>) {
  const page = context.pages()[0] ?? (await context.newPage())
  await withoutBackendRequests(page, () => use(page))
}
