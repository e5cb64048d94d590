// Drafts of the lead forms in sessionStorage (lib/leads/draft.ts) and the visit's attribution
// (lib/leads/attribution.ts), on an in-memory Storage with the Web Storage behaviour.
import { describe, expect, it } from 'vitest'
import { attributionOf, readAttribution, readFirstTouch } from './attribution'
import { COOKIE_KEY } from '../../components/layout/consent-keys'
import { FIRST_TOUCH_KEY, keepFirstTouch, rememberVisit, VISIT_KEY } from '../../renderer/enhance'
import { touchSchema } from './schema'
import { clearDraft, draftKey, loadDraft, saveDraft } from './draft'

class MemoryStorage implements Storage {
  private map = new Map<string, string>()
  constructor(private readonly failWrites = false) {}
  get length() {
    return this.map.size
  }
  clear() {
    this.map.clear()
  }
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('quota', 'QuotaExceededError')
    this.map.set(key, String(value))
  }
}

const FIELDS = { name: '', email: '', products: [] as string[], consent_privacy: false, quantity_unit: 'rolls' }
const ID = '6f1f5c56-3f43-4bb5-9f0b-3c3f9b0b2a11'

describe('lead drafts', () => {
  it('a saved draft comes back with its id and values', () => {
    const s = new MemoryStorage()
    saveDraft(s, 'quote', { id: ID, values: { name: 'Ayşe Yılmaz', products: ['beef', 'ham'], consent_privacy: true, quantity_unit: 'metres' } })
    expect(loadDraft(s, 'quote', FIELDS)).toEqual({
      id: ID,
      values: { name: 'Ayşe Yılmaz', products: ['beef', 'ham'], consent_privacy: true, quantity_unit: 'metres' },
    })
  })

  it('drafts are per form kind, and clearing removes only that one', () => {
    const s = new MemoryStorage()
    saveDraft(s, 'quote', { values: { name: 'Q' } })
    saveDraft(s, 'samples', { values: { name: 'S' } })
    clearDraft(s, 'quote')
    expect(loadDraft(s, 'quote', FIELDS)).toBeUndefined()
    expect(loadDraft(s, 'samples', FIELDS)?.values).toEqual({ name: 'S' })
    expect(s.getItem(draftKey('quote'))).toBeNull()
  })

  it('keeps only the form’s own fields with their types; a bad id is dropped', () => {
    const s = new MemoryStorage()
    s.setItem(
      draftKey('quote'),
      JSON.stringify({
        id: 'not-a-uuid',
        values: { name: 42, email: 'a@b.co', products: ['beef', 7], consent_privacy: 'yes', kind: 'contact', created_at: '2020-01-01', quantity_unit: ['x'] },
      }),
    )
    expect(loadDraft(s, 'quote', FIELDS)).toEqual({ values: { email: 'a@b.co' } })
  })

  it('broken or foreign data is no draft', () => {
    const s = new MemoryStorage()
    for (const raw of ['{', 'null', '"text"', '{"values":3}', '[]']) {
      s.setItem(draftKey('contact'), raw)
      expect(loadDraft(s, 'contact', FIELDS), raw).toBeUndefined()
    }
  })

  it('a storage that refuses writes does not break the form', () => {
    const s = new MemoryStorage(true)
    expect(() => saveDraft(s, 'contact', { values: { name: 'x' } })).not.toThrow()
    expect(loadDraft(s, 'contact', FIELDS)).toBeUndefined()
  })
})

describe('visit attribution', () => {
  it('takes the landing path, the referrer and the utm_* parameters', () => {
    const url = new URL(
      'https://www.example-meat-netting.com/de/land/deutschland/?utm_source=linkedin&utm_medium=social&utm_campaign=iffa-2026&utm_term=netz&utm_content=banner-a&x=1',
    )
    expect(attributionOf(url, 'https://www.linkedin.com/')).toEqual({
      landingPage: '/de/land/deutschland/',
      referrer: 'https://www.linkedin.com/',
      utmSource: 'linkedin',
      utmMedium: 'social',
      utmCampaign: 'iffa-2026',
      utmTerm: 'netz',
      utmContent: 'banner-a',
    })
    expect(attributionOf(new URL('https://x.test/ar/'), '')).toEqual({ landingPage: '/ar/' })
  })

  it('cuts every value to 500 characters', () => {
    const a = attributionOf(new URL(`https://x.test/${'p'.repeat(600)}?utm_source=${'s'.repeat(600)}`), `https://r.test/${'r'.repeat(600)}`)
    expect([a.landingPage.length, a.referrer!.length, a.utmSource!.length]).toEqual([500, 500, 500])
  })

  it('is captured on the first page of the visit and kept for the rest of it', () => {
    const s = new MemoryStorage()
    rememberVisit(s, 'https://x.test/fr/?utm_source=google', 'https://www.google.fr/')
    rememberVisit(s, 'https://x.test/fr/devis/', 'https://x.test/fr/')
    expect(readAttribution(s)).toEqual({ landingPage: '/fr/', referrer: 'https://www.google.fr/', utmSource: 'google' })
  })

  it("skips the staff's admin pages: the first other page is the landing page", () => {
    const s = new MemoryStorage()
    rememberVisit(s, 'https://x.test/en/admin/#lead=1', '')
    rememberVisit(s, 'https://x.test/admin', '')
    rememberVisit(s, 'https://x.test/de/produkte/?utm_source=mail', 'https://www.google.de/')
    expect(readAttribution(s)).toEqual({ landingPage: '/de/produkte/', referrer: 'https://www.google.de/', utmSource: 'mail' })
  })

  it('reads the key renderer/enhance.ts writes', () => {
    const s = new MemoryStorage()
    rememberVisit(s, 'https://x.test/it/', '')
    expect(VISIT_KEY).toBe('leadVisit')
    expect(readAttribution(s)).toEqual({ landingPage: '/it/' })
  })

  it('nothing stored or broken data give no attribution and no error', () => {
    const s = new MemoryStorage()
    expect(readAttribution(s)).toBeUndefined()
    for (const raw of ['{oops', '[3, "x"]', '["not a url", ""]', '{}']) {
      s.setItem(VISIT_KEY, raw)
      expect(readAttribution(s), raw).toBeUndefined()
    }
  })
})

describe('click ids', () => {
  it('keeps gclid and fbclid that are click ids, drops what is not', () => {
    const ok = attributionOf(new URL('https://x.test/en/?gclid=Cj0KCQiA-x_Y.z&fbclid=IwAR2F4-dbP0'), '')
    expect(ok).toMatchObject({ gclid: 'Cj0KCQiA-x_Y.z', fbclid: 'IwAR2F4-dbP0' })
    const bad = attributionOf(new URL(`https://x.test/en/?gclid=${encodeURIComponent('a b<c>')}&fbclid=${'f'.repeat(256)}`), '')
    expect(bad).toEqual({ landingPage: '/en/' })
  })

  it("whatever a link carries, what the browser sends passes the server's touchSchema", () => {
    for (const url of [
      `https://x.test/${'é'.repeat(600)}?utm_source=${'😀'.repeat(600)}&gclid=${'g'.repeat(255)}`,
      'https://x.test/ar/?utm_campaign=%E2%80%AE&fbclid=..--__',
      'https://x.test/?utm_term=%20%20&gclid=',
    ])
      expect(touchSchema.safeParse(attributionOf(new URL(url), `https://r.test/${'r'.repeat(600)}`)).success, url).toBe(true)
  })
})

describe('first touch: in localStorage only while the cookie choice is "accepted"', () => {
  const firstVisit = () => {
    const local = new MemoryStorage()
    const session = new MemoryStorage()
    rememberVisit(session, 'https://x.test/de/?utm_source=google&utm_medium=cpc&gclid=Cj0-1', 'https://www.google.de/')
    return { local, session }
  }

  it('without a choice, or declined, nothing is stored and nothing is sent', () => {
    const { local, session } = firstVisit()
    keepFirstTouch(local, session)
    expect(local.length).toBe(0)
    local.setItem(COOKIE_KEY, 'declined')
    keepFirstTouch(local, session)
    expect([local.getItem(FIRST_TOUCH_KEY), readFirstTouch(local)]).toEqual([null, undefined])
  })

  it("accepted: the visit's landing page becomes the first touch and outlives the visit", () => {
    const { local, session } = firstVisit()
    // The banner is answered on the second page of the visit: the first touch is still its landing page.
    rememberVisit(session, 'https://x.test/de/produkte/', 'https://x.test/de/')
    local.setItem(COOKIE_KEY, 'accepted')
    keepFirstTouch(local, session)
    // A later visit, direct, in a new tab.
    const later = new MemoryStorage()
    rememberVisit(later, 'https://x.test/de/angebot/', '')
    keepFirstTouch(local, later)
    expect(readFirstTouch(local)).toEqual({ landingPage: '/de/', referrer: 'https://www.google.de/', utmSource: 'google', utmMedium: 'cpc', gclid: 'Cj0-1' })
    expect(readAttribution(later)).toEqual({ landingPage: '/de/angebot/' })
  })

  it('withdrawn (the choice is no longer "accepted") deletes the stored first touch', () => {
    const { local, session } = firstVisit()
    local.setItem(COOKIE_KEY, 'accepted')
    keepFirstTouch(local, session)
    expect(local.getItem(FIRST_TOUCH_KEY)).not.toBeNull()
    local.setItem(COOKIE_KEY, 'declined')
    // Not even sent before the next page deletes it.
    expect(readFirstTouch(local)).toBeUndefined()
    keepFirstTouch(local, new MemoryStorage())
    expect(local.getItem(FIRST_TOUCH_KEY)).toBeNull()
  })
})
