// Where a buyer came from, sent with a lead so marketing sees which pages, languages and
// campaigns bring buyers: the last touch (this visit) and the first touch (the buyer's first
// visit, kept only with consent). renderer/enhance.ts records both on every page; this turns
// them into the contract's touches when a lead is sent. Each value is cut to the column's 500
// characters and a click id that is not one (lib/leads/schema.ts, CLICK_ID_RE) is left out, so
// the server's touchSchema never refuses what a page of ours sends.

/** Written by renderer/enhance.ts (not imported from there: that would tie the content pages'
 *  script and this lazily loaded code into one shared chunk; lib/leads/draft.test.ts checks the
 *  names agree). The visit's first page, in the tab's sessionStorage. */
const VISIT_KEY = 'leadVisit'
/** The first visit's first page, in localStorage, only while the buyer accepts (COOKIE_KEY). */
const FIRST_TOUCH_KEY = 'leadFirstTouch'
/** components/layout/consent-keys.ts COOKIE_KEY and its "accepted" value. */
const COOKIE_KEY = 'cookieConsent'

export type Attribution = {
  landingPage: string
  referrer?: string
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  utmTerm?: string
  utmContent?: string
  gclid?: string
  fbclid?: string
}

const MAX = 500
const UTM = ['source', 'medium', 'campaign', 'term', 'content'] as const
// Twin of CLICK_ID_RE in lib/leads/schema.ts (not imported: zod stays out of this chunk).
const CLICK_ID = /^[A-Za-z0-9_.-]{1,255}$/

/** The visit's attribution from its landing URL and referrer (pure). */
export function attributionOf(url: URL, referrer: string): Attribution {
  const a: Record<string, string> = { landingPage: [...url.pathname].slice(0, MAX).join('') }
  if (referrer) a.referrer = [...referrer].slice(0, MAX).join('')
  for (const k of UTM) {
    const v = url.searchParams.get(`utm_${k}`)?.trim()
    if (v) a[`utm${k[0]!.toUpperCase()}${k.slice(1)}`] = [...v].slice(0, MAX).join('')
  }
  for (const k of ['gclid', 'fbclid'] as const) {
    const v = url.searchParams.get(k)?.trim()
    if (v && CLICK_ID.test(v)) a[k] = v
  }
  return a as Attribution
}

function touchOf(storage: Storage, key: string): Attribution | undefined {
  try {
    const [url, referrer] = JSON.parse(storage.getItem(key) ?? 'null') as [unknown, unknown]
    return typeof url === 'string' ? attributionOf(new URL(url), typeof referrer === 'string' ? referrer : '') : undefined
  } catch {
    return undefined
  }
}

/** The attribution of this visit (renderer/enhance.ts stored its first page), if any. */
export const readAttribution = (session: Storage) => touchOf(session, VISIT_KEY)

/** The first visit's touch, while the buyer's cookie choice is "accepted" (else nothing is sent). */
export function readFirstTouch(local: Storage): Attribution | undefined {
  try {
    if (local.getItem(COOKIE_KEY) !== 'accepted') return undefined
  } catch {
    return undefined
  }
  return touchOf(local, FIRST_TOUCH_KEY)
}
