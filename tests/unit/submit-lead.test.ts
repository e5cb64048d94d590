// The protected intake: POST /functions/v1/submit-lead on the local backend runs the Edge
// Function module (supabase/functions/submit-lead) against the real migrations on PGlite.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import { countingWindows } from '../helpers/rate-windows'
import { contactLead } from '../helpers/leads'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

let sb: LocalSupabase
let clientNo = 0
const notified = new Map<string, Promise<string>>()
/** Every test plays its own client (the server trusts X-Forwarded-For in this file only). */
const newClient = () => `203.0.113.${++clientNo}`

const contact = contactLead

async function post(
  server: LocalSupabase,
  body: unknown,
  ip: string,
  init: { headers?: Record<string, string>; raw?: string; method?: string } = {},
): Promise<Response> {
  return fetch(`${server.url}/functions/v1/submit-lead`, {
    method: init.method ?? 'POST',
    headers: {
      apikey: server.anonKey,
      Authorization: `Bearer ${server.anonKey}`,
      'Content-Type': 'application/json',
      'X-Forwarded-For': ip,
      ...init.headers,
    },
    body: init.method === 'GET' ? undefined : (init.raw ?? JSON.stringify(body)),
  })
}

async function row(id: string) {
  const { rows } = await sb.db.query<Record<string, unknown>>('select * from public.leads where id = $1', [id])
  return rows[0]
}
async function count(): Promise<number> {
  return (await sb.db.query<{ n: number }>('select count(*)::int as n from public.leads')).rows[0]?.n ?? 0
}

beforeAll(async () => {
  // smtpUrl '' (not the caller's SMTP_URL): no mail server here, so notification fails at once.
  sb = await startLocalSupabase({
    port: 0,
    memory: true,
    trustForwardedFor: true,
    smtpUrl: '',
    submitLead: { onNotified: (id, p) => notified.set(id, p) },
  })
})
afterAll(async () => {
  await sb?.stop()
})

describe('submit-lead stores one valid lead', () => {
  it('answers 201 with the id and stores it with server-set fields', async () => {
    const lead = contact()
    const res = await post(sb, { lead, website: '', attribution: { landingPage: '/fr/', utmSource: 'newsletter' } }, newClient())
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: lead.id })
    const stored = await row(lead.id)
    expect(stored).toMatchObject({ name: 'Jean Dupont', status: 'new', landing_page: '/fr/', utm_source: 'newsletter' })
    // No SMTP configured: the lead stays, and the admin sees why nobody was told.
    expect(await notified.get(lead.id)).toBe('failed')
    expect(await row(lead.id)).toMatchObject({
      notification_status: 'failed',
      notification_attempts: 1,
      notification_error: 'ack: SMTP_URL is not set: no mail was sent; sales: SMTP_URL is not set: no mail was sent',
    })
  })

  it('ignores forged created_at, consent_at, status, notes and notification fields', async () => {
    const lead = contact({
      created_at: '2099-01-01T00:00:00Z',
      consent_at: '2001-01-01T00:00:00Z',
      status: 'won',
      notes: 'pinned',
      notification_status: 'sent',
      notification_attempts: 99,
      updated_at: '2099-01-01T00:00:00Z',
    })
    const before = Date.now()
    const res = await post(sb, { lead }, newClient())
    const after = Date.now()
    expect(res.status).toBe(201)
    const stored = (await row(lead.id)) as Record<string, unknown>
    expect(stored.status).toBe('new')
    expect(stored.notes).toBeNull()
    expect(stored.updated_at).toBeNull()
    expect(stored.notification_attempts).not.toBe(99)
    for (const col of ['created_at', 'consent_at'] as const) {
      // Set by the server while it handled the request, whatever the time the client claimed.
      const t = (stored[col] as Date).getTime()
      expect(t, col).toBeGreaterThanOrEqual(before)
      expect(t, col).toBeLessThanOrEqual(after)
    }
  })

  it('a retry with the same id answers 200 duplicate and leaves one row', async () => {
    const lead = contact()
    const ip = newClient()
    expect((await post(sb, { lead }, ip)).status).toBe(201)
    const retry = await post(sb, { lead: { ...lead, name: 'Someone else' } }, ip)
    expect(retry.status).toBe(200)
    expect(await retry.json()).toEqual({ id: lead.id, duplicate: true })
    expect((await row(lead.id))?.name).toBe('Jean Dupont')
  })
})

describe('submit-lead refuses', () => {
  it('a batch: an array body, an array of leads, or a "leads" envelope; nothing stored', async () => {
    const before = await count()
    const ip = newClient()
    for (const body of [[{ lead: contact() }, { lead: contact() }], { lead: [contact(), contact()] }, { leads: [contact()] }, [contact()]]) {
      const res = await post(sb, body, ip)
      expect(res.status).toBe(400)
      expect((await res.json()).error).toBe('invalid')
    }
    expect(await count()).toBe(before)
  })

  it('browsers writing the table directly (anon and signed-in), single or array', async () => {
    const before = await count()
    for (const payload of [contact(), [contact(), contact()]]) {
      const res = await fetch(`${sb.url}/rest/v1/leads`, {
        method: 'POST',
        headers: { apikey: sb.anonKey, Authorization: `Bearer ${sb.anonKey}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
        body: JSON.stringify(payload),
      })
      expect(res.status).toBe(401)
      expect((await res.json()).code).toBe('42501')
    }
    expect(await count()).toBe(before)
  })

  it('invalid leads with the issues, keyed like the form fields', async () => {
    const res = await post(sb, { lead: contact({ email: 'nope' }) }, newClient())
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error).toBe('invalid')
    expect(body.issues).toContainEqual({ path: ['email'], message: 'form.error.email' })
  })

  it.each([
    ['spaces only', ' \u3000\u00a0 '],
    ['zero-width characters only', '\u200b\u200c\u200d\ufeff'],
    ['bidi controls and a Hangul filler', '\u202e\u3164\u2066'],
  ])('a name or message made of %s', async (_label, blank) => {
    const ip = newClient()
    for (const field of ['name', 'message'] as const) {
      const lead = contact({ [field]: blank })
      const res = await post(sb, { lead }, ip)
      expect(res.status).toBe(400)
      expect((await res.json()).issues[0].path).toEqual([field])
      expect(await row(lead.id)).toBeUndefined()
    }
  })

  it('the same invisible names in SQL too (service role, without zod)', async () => {
    await expect(
      sb.db.query(
        `insert into public.leads (id, kind, name, email, subject, message, locale, consent_contact, consent_privacy)
         values ($1, 'contact', $2, 'a@b.co', 's', 'm', 'en', true, true)`,
        [crypto.randomUUID(), '\u200b\u2060'],
      ),
    ).rejects.toThrow(/leads_name_visible_check/)
    await expect(
      sb.db.query(
        `insert into public.leads (id, kind, name, email, subject, message, locale, consent_contact, consent_privacy)
         values ($1, 'contact', $2, 'a@b.co', 's', 'm', 'en', true, true)`,
        [crypto.randomUUID(), 'abc\u202edef'],
      ),
    ).rejects.toThrow(/leads_no_bidi_check/)
  })

  it('strips bidi controls before storing', async () => {
    const lead = contact({ name: 'Jean \u202eDupont\u202c', message: 'Hello \u2067world\u2069 \u200fok' })
    expect((await post(sb, { lead }, newClient())).status).toBe(201)
    expect(await row(lead.id)).toMatchObject({ name: 'Jean Dupont', message: 'Hello world ok' })
  })

  it('a filled honeypot: 200 with an id, nothing stored', async () => {
    const lead = contact()
    const res = await post(sb, { lead, website: 'https://spam.example' }, newClient())
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: lead.id })
    expect(await row(lead.id)).toBeUndefined()
  })

  it('other methods (405), bodies over 32 KB (413), broken JSON (400), unknown fields (400)', async () => {
    const ip = newClient()
    expect((await post(sb, null, ip, { method: 'GET' })).status).toBe(405)
    expect((await post(sb, null, ip, { method: 'PUT', raw: '{}' })).status).toBe(405)
    const big = contact({ message: 'x'.repeat(33 * 1024) })
    expect((await post(sb, { lead: big }, ip)).status).toBe(413)
    expect((await post(sb, null, ip, { raw: '{"lead":' })).status).toBe(400)
    const extra = await post(sb, { lead: contact(), status: 'won' }, ip)
    expect(extra.status).toBe(400)
    expect((await extra.json()).issues).toEqual([{ path: ['status'], message: 'Unknown field' }])
  })

  it('answers a CORS preflight from a local page', async () => {
    const res = await fetch(`${sb.url}/functions/v1/submit-lead`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:3000', 'Access-Control-Request-Method': 'POST' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000')
    expect(res.headers.get('access-control-allow-headers')).toMatch(/apikey/)
  })
})

describe('first and last touch, and the consent on record', () => {
  const HASH = 'ab'.repeat(32)
  const first = {
    landingPage: '/de/',
    referrer: 'https://www.google.de/',
    utmSource: 'google',
    utmCampaign: 'iffa',
    gclid: 'Cj0KCQ-abc_1.x',
    fbclid: 'IwAR2F4',
  }

  it('stores both touches, the click ids and the consent text version and hash', async () => {
    const lead = contact({ consent_version: '0123456789ab', consent_hash: HASH })
    const res = await post(sb, { lead, attribution: { landingPage: '/fr/', utmSource: 'newsletter', gclid: 'G-2' }, firstTouch: first }, newClient())
    expect(res.status).toBe(201)
    expect(await row(lead.id)).toMatchObject({
      landing_page: '/fr/',
      utm_source: 'newsletter',
      gclid: 'G-2',
      fbclid: null,
      first_landing_page: '/de/',
      first_referrer: 'https://www.google.de/',
      first_utm_source: 'google',
      first_utm_campaign: 'iffa',
      first_gclid: 'Cj0KCQ-abc_1.x',
      first_fbclid: 'IwAR2F4',
      consent_version: '0123456789ab',
      consent_hash: HASH,
      locale: 'fr',
      kind: 'contact',
    })
  })

  it.each([
    ['a value over 500 characters', { attribution: { utmSource: 's'.repeat(501) } }, ['attribution', 'utmSource'], 'form.error.tooLong'],
    ['a click id outside its charset', { firstTouch: { gclid: 'abc<script>' } }, ['firstTouch', 'gclid'], 'form.error.invalid'],
    ['an unknown key', { firstTouch: { landingPage: '/', utm_source: 'x' } }, ['firstTouch', 'utm_source'], 'form.error.invalid'],
    ['a touch that is no object', { attribution: 'google' }, ['attribution'], 'An object expected'],
    ['a number for a text', { attribution: { referrer: 5 } }, ['attribution', 'referrer'], 'form.error.invalid'],
  ])('refuses %s with a 400 naming the field; nothing stored', async (_label, extra, path, message) => {
    const lead = contact()
    const res = await post(sb, { lead, ...extra }, newClient())
    expect(res.status).toBe(400)
    expect((await res.json()).issues).toContainEqual({ path, message })
    expect(await row(lead.id)).toBeUndefined()
  })

  it.each([
    ['consent_version', { consent_version: 'v1', consent_hash: HASH }],
    ['consent_hash', { consent_version: '0123456789ab', consent_hash: 'AB'.repeat(32) }],
  ])('refuses a malformed %s', async (field, over) => {
    const lead = contact(over)
    const res = await post(sb, { lead }, newClient())
    expect(res.status).toBe(400)
    expect((await res.json()).issues).toContainEqual({ path: [field], message: 'form.error.invalid' })
    expect(await row(lead.id)).toBeUndefined()
  })

  it('the same rules in SQL (service role, without zod): click id charset, consent both or neither', async () => {
    const insert = (cols: string, vals: unknown[]) =>
      sb.db.query(
        `insert into public.leads (id, kind, name, email, subject, message, locale, consent_contact, consent_privacy, ${cols})
         values ($1, 'contact', 'N', 'a@b.co', 's', 'm', 'en', true, true, ${vals.map((_, i) => `$${i + 2}`).join(', ')})`,
        [crypto.randomUUID(), ...vals],
      )
    await expect(insert('first_gclid', ['a b'])).rejects.toThrow(/leads_first_gclid_check/)
    await expect(insert('fbclid', ['x'.repeat(256)])).rejects.toThrow(/leads_fbclid_check/)
    await expect(insert('first_utm_source', ['s'.repeat(501)])).rejects.toThrow(/leads_first_utm_source_check/)
    await expect(insert('consent_hash', [HASH])).rejects.toThrow(/leads_consent_record_check/)
    await expect(insert('consent_version, consent_hash', ['0123456789ab', HASH])).resolves.toBeDefined()
  })
})

describe('rate limit: 10 leads per client per 10 minutes', () => {
  it('a 200-request flood from one client stores 10 leads; the rest get 429 with Retry-After', async () => {
    const ip = newClient()
    const before = await count()
    const statuses: number[] = []
    let retryAfter = ''
    const started = performance.now()
    // 20 at a time: a script hammering the endpoint, without exhausting local sockets. Twenty
    // times the limit shows the limit holding under concurrency as well as a thousand did.
    const { windows } = await countingWindows(sb.db, async () => {
      for (let batch = 0; batch < 10; batch++) {
        const results = await Promise.all(Array.from({ length: 20 }, () => post(sb, { lead: contact() }, ip)))
        for (const r of results) {
          statuses.push(r.status)
          if (r.status === 429) {
            retryAfter = r.headers.get('retry-after') ?? ''
            expect(await r.json()).toEqual({ error: 'rate_limited' })
          } else await r.body?.cancel()
        }
      }
    })
    const ms = performance.now() - started
    const accepted = statuses.filter((s) => s === 201).length
    console.log(`flood: ${accepted} of 200 accepted, ${statuses.filter((s) => s === 429).length} got 429, ${Math.round(ms)} ms`)
    // 10 per fixed window; a flood that ran across a window boundary gets 10 in each.
    expect(accepted).toBe(10 * windows)
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - 10 * windows)
    expect(await count()).toBe(before + 10 * windows)
    expect(Number(retryAfter)).toBeGreaterThan(0)
    expect(Number(retryAfter)).toBeLessThanOrEqual(600)
    // Another client is not affected.
    expect((await post(sb, { lead: contact() }, newClient())).status).toBe(201)
  })

  it('stores only a salted hash of the client address', async () => {
    const { rows } = await sb.db.query<{ ip_hash: string }>('select ip_hash from public.lead_rate_limits')
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) expect(r.ip_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('without trusting X-Forwarded-For (the default), a client cannot pick its own key', async () => {
    const plain = await startLocalSupabase({ port: 0, memory: true, smtpUrl: '' })
    try {
      const statuses: number[] = []
      const { windows } = await countingWindows(plain.db, async () => {
        for (let i = 0; i < 12; i++) {
          const r = await post(plain, { lead: contact() }, `198.51.100.${i}`)
          statuses.push(r.status)
          await r.body?.cancel()
        }
      })
      expect(statuses.filter((s) => s === 201)).toHaveLength(Math.min(12, 10 * windows))
    } finally {
      await plain.stop()
    }
  })
})

describe('captcha (a secret is configured)', () => {
  let verifier: http.Server
  let verifierUrl = ''
  const seen: URLSearchParams[] = []
  let withCaptcha: LocalSupabase

  beforeAll(async () => {
    // A stand-in for hCaptcha's siteverify: only the token "good" passes.
    verifier = http.createServer((req, res) => {
      let text = ''
      req.on('data', (c: Buffer) => (text += c.toString()))
      req.on('end', () => {
        const form = new URLSearchParams(text)
        seen.push(form)
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ success: form.get('response') === 'good' && form.get('secret') === 'test-secret' }))
      })
    })
    await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', r))
    verifierUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`
    withCaptcha = await startLocalSupabase({
      port: 0,
      memory: true,
      trustForwardedFor: true,
      smtpUrl: '',
      submitLead: { captcha: { provider: 'hcaptcha', secret: 'test-secret', verifyUrl: verifierUrl } },
    })
  })
  afterAll(async () => {
    await withCaptcha?.stop()
    await new Promise((r) => verifier?.close(r))
  })

  it('refuses a missing or failed token and stores nothing', async () => {
    for (const captchaToken of [undefined, '', 'forged']) {
      const lead = contact()
      const res = await post(withCaptcha, { lead, captchaToken }, newClient())
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: 'captcha' })
      const { rows } = await withCaptcha.db.query('select 1 from public.leads where id = $1', [lead.id])
      expect(rows).toHaveLength(0)
    }
    expect(seen.at(-1)?.get('response')).toBe('forged')
  })

  it('stores the lead when the verifier says yes, sending it the secret and the client address', async () => {
    const ip = newClient()
    const lead = contact()
    const res = await post(withCaptcha, { lead, captchaToken: 'good' }, ip)
    expect(res.status).toBe(201)
    expect(seen.at(-1)?.get('secret')).toBe('test-secret')
    expect(seen.at(-1)?.get('remoteip')).toBe(ip)
  })
})
