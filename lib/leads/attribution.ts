// Where a visit came from, sent with a lead so marketing sees which pages, languages and
// campaigns bring buyers. The first page of the visit is remembered in the tab's
// sessionStorage by renderer/enhance.ts (on every page); this turns it into the contract's
// attribution when a lead is sent. Each value is cut to the column's 500 characters.

/** Written by renderer/enhance.ts on the visit's first page (not imported from there: that
 *  would tie the content pages' script and this lazily loaded code into one shared chunk;
 *  lib/leads/draft.test.ts checks the two agree). */
const VISIT_KEY = 'leadVisit'
export type Attribution = {
  landingPage: string
  referrer?: string
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
  utmTerm?: string
  utmContent?: string
}

const MAX = 500
const UTM = ['source', 'medium', 'campaign', 'term', 'content'] as const

/** The visit's attribution from its landing URL and referrer (pure). */
export function attributionOf(url: URL, referrer: string): Attribution {
  const a: Record<string, string> = { landingPage: url.pathname.slice(0, MAX) }
  if (referrer) a.referrer = referrer.slice(0, MAX)
  for (const k of UTM) {
    const v = url.searchParams.get(`utm_${k}`)?.trim()
    if (v) a[`utm${k[0]!.toUpperCase()}${k.slice(1)}`] = v.slice(0, MAX)
  }
  return a as Attribution
}

/** The attribution of this visit (renderer/enhance.ts stored its first page), if any. */
export function readAttribution(storage: Storage): Attribution | undefined {
  try {
    const [url, referrer] = JSON.parse(storage.getItem(VISIT_KEY) ?? 'null') as [unknown, unknown]
    return typeof url === 'string' ? attributionOf(new URL(url), typeof referrer === 'string' ? referrer : '') : undefined
  } catch {
    return undefined
  }
}
