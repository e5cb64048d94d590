// "The network is quiet", counted from the page's own request events, for the specs that must
// wait until a hydrating page has fetched everything it fetches by itself.
//
// Not Playwright's 'networkidle' load state: it can be lost when requests start and finish
// before DOMContentLoaded (microsoft/playwright#42598), and waitForLoadState('networkidle') then
// waits out the test's timeout with nothing in flight. Seen in a fresh-clone CI run on /en/admin/
// (budgets-islands.spec.ts), whose stylesheet and entry script load while the page is parsed.
// Here there is no such state: every request this watch saw start ends in exactly one
// 'requestfinished' or 'requestfailed', and the set is read when asked.
import { expect, type Page, type Request } from '@playwright/test'

export type NetworkWatch = {
  /** Resolves once no request has been in flight for `quietMs` (500 ms, as Playwright's networkidle). */
  quiet: (quietMs?: number) => Promise<void>
  /** Stops counting (for a page that is used again, e.g. the shared audit page). */
  stop: () => void
}

/** Starts counting the page's requests: call it before the navigation it should see. */
export function watchNetwork(page: Page): NetworkWatch {
  // The requests themselves, not a count: a request the previous page started before this watch
  // began can end after it (aborted by the navigation, or a late answer), and a bare counter
  // would then go below zero and never read "quiet" again.
  const inflight = new Set<Request>()
  let changedAt = Date.now()
  const started = (request: Request) => {
    inflight.add(request)
    changedAt = Date.now()
  }
  const ended = (request: Request) => {
    if (inflight.delete(request)) changedAt = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return {
    async quiet(quietMs = 500) {
      await expect
        .poll(() => (inflight.size === 0 ? Date.now() - changedAt : 0), {
          message: `no request in flight for ${quietMs} ms`,
          intervals: [100],
          timeout: 0, // no limit of its own: the test's budget ends a page that never goes quiet
        })
        .toBeGreaterThanOrEqual(quietMs)
    },
    stop() {
      page.off('request', started)
      page.off('requestfinished', ended)
      page.off('requestfailed', ended)
    },
  }
}
