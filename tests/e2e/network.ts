// "The network is quiet", counted from the page's own request events, for the specs that must
// wait until a hydrating page has fetched everything it fetches by itself.
//
// Not Playwright's 'networkidle' load state: it can be lost when requests start and finish
// before DOMContentLoaded (microsoft/playwright#42598), and waitForLoadState('networkidle') then
// waits out the test's timeout with nothing in flight. Seen in a fresh-clone CI run on /en/admin/
// (budgets-islands.spec.ts), whose stylesheet and entry script load while the page is parsed. Here there is no such state: every request ends in exactly one
// 'requestfinished' or 'requestfailed', and the count is read when asked.
import { expect, type Page } from '@playwright/test'

export type NetworkWatch = {
  /** Resolves once no request has been in flight for `quietMs` (500 ms, as Playwright's networkidle). */
  quiet: (quietMs?: number) => Promise<void>
  /** Stops counting (for a page that is used again, e.g. the shared audit page). */
  stop: () => void
}

/** Starts counting the page's requests: call it before the navigation it should see. */
export function watchNetwork(page: Page): NetworkWatch {
  let inflight = 0
  let changedAt = Date.now()
  const started = () => {
    inflight++
    changedAt = Date.now()
  }
  const ended = () => {
    inflight--
    changedAt = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return {
    async quiet(quietMs = 500) {
      await expect
        .poll(() => (inflight === 0 ? Date.now() - changedAt : 0), { message: `no request in flight for ${quietMs} ms`, intervals: [100], timeout: 20_000 })
        .toBeGreaterThanOrEqual(quietMs)
    },
    stop() {
      page.off('request', started)
      page.off('requestfinished', ended)
      page.off('requestfailed', ended)
    },
  }
}
