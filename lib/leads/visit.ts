// The first page of a visit, remembered for the lead a buyer may send later in the same tab
// (lib/leads/attribution.ts turns it into landing page, referrer and utm_*). It runs on every
// page (renderer/enhance.ts), so it is kept to a few bytes: the parsing happens at send time.
export const VISIT_KEY = 'leadVisit'

/** Stores [url, referrer] of this page unless an earlier page of the visit already did. */
export function rememberVisit(storage: Storage, url: string, referrer: string): void {
  if (!storage.getItem(VISIT_KEY)) storage.setItem(VISIT_KEY, JSON.stringify([url.slice(0, 2000), referrer.slice(0, 2000)]))
}
