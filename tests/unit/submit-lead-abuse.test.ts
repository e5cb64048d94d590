// The intake as an attacker meets it, through the local backend playing the hosted gateway
// (server/local-supabase/functions.ts): who the client is, mail that cannot be turned into a
// relay, bad characters that cost no lead, and mail that never stays pending. Mail goes over real
// SMTP to a receiver in this file.
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import { startLeadBackend } from '../helpers/lead-backend'
import { countingWindows } from '../helpers/rate-windows'
import type { SmtpReceiver } from '../helpers/smtp-receiver'
import { contactLead, uniqueEmail } from '../helpers/leads'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

const contact = (over: Record<string, unknown> = {}) => contactLead({ email: uniqueEmail(), ...over })

const notified = new Map<string, Promise<string>>()
let receiver: SmtpReceiver
let sb: LocalSupabase
beforeAll(async () => {
  // Everything to the left of the proxy's last X-Forwarded-For entry is what the client sent.
  ;({ receiver, sb } = await startLeadBackend(notified))
})
afterAll(async () => {
  await sb?.stop()
  await receiver?.close()
})

async function post(body: unknown, headers: Record<string, string>, raw?: string): Promise<Response> {
  return fetch(`${sb.url}/functions/v1/submit-lead`, {
    method: 'POST',
    headers: { apikey: sb.publishableKey, 'Content-Type': 'application/json', ...headers },
    body: raw ?? JSON.stringify(body),
  })
}

async function stored(id: string) {
  return (await sb.db.query<Record<string, unknown>>('select * from public.leads where id = $1', [id])).rows[0]
}

/** The statuses of a burst, and how many leads the rate limit allows over the windows it spanned. */
async function statuses(requests: Record<string, string>[]): Promise<{ result: number[]; allowed: number }> {
  const { result, windows } = await countingWindows(sb.db, async () => {
    const out: number[] = []
    for (const headers of requests) {
      const res = await post({ lead: contact() }, headers)
      out.push(res.status)
      await res.body?.cancel()
    }
    return out
  })
  return { result, allowed: Math.min(requests.length, 10 * windows) }
}

describe('the client is who the platform says, not who the client says', () => {
  it('a rotated leftmost X-Forwarded-For does not make new clients', async () => {
    const real = '203.0.113.77'
    const { result, allowed } = await statuses(Array.from({ length: 20 }, (_, i) => ({ 'X-Forwarded-For': `10.9.${i}.1, ${real}` })))
    expect(result.filter((s) => s === 201)).toHaveLength(allowed)
    expect(result.filter((s) => s === 429)).toHaveLength(20 - allowed)
  })

  it('a client-sent CF-Connecting-IP is overwritten by the gateway', async () => {
    const { result, allowed } = await statuses(Array.from({ length: 12 }, (_, i) => ({ 'X-Forwarded-For': '203.0.113.78', 'CF-Connecting-IP': `10.8.0.${i}` })))
    expect(result.filter((s) => s === 201)).toHaveLength(allowed)
  })

  it('every address of one IPv6 /64 is one client', async () => {
    const { result, allowed } = await statuses(Array.from({ length: 30 }, (_, i) => ({ 'X-Forwarded-For': `2001:db8:aa:bb::${(i + 1).toString(16)}` })))
    expect(result.filter((s) => s === 201)).toHaveLength(allowed)
    // The next /64 is someone else.
    expect((await statuses([{ 'X-Forwarded-For': '2001:db8:aa:bc::1' }])).result).toEqual([201])
  })

  it('every spelling of one IPv4 address is one client', async () => {
    const spellings = ['192.0.2.9', '192.0.2.9:443', '::ffff:192.0.2.9', '[::ffff:c000:209]:80', '0xc0.0.2.9', '0300.0.2.011', '3221225993']
    const { result, allowed } = await statuses([...spellings, ...spellings].map((a) => ({ 'X-Forwarded-For': a })))
    expect(result.filter((s) => s === 201)).toHaveLength(allowed)
  })
})

describe('no relay: what the acknowledgement carries and how many an address gets', () => {
  it('one address typed into ten leads from ten clients gets three acknowledgements; sales gets all ten', async () => {
    const victim = 'victim.relay@example.org'
    receiver.mails.length = 0
    const ids: string[] = []
    for (let i = 0; i < 10; i++) {
      const lead = contact({ email: i % 2 ? victim.toUpperCase() : victim, name: 'Visit https://spam.example now\nCall +1 555 0100' })
      ids.push(lead.id)
      const res = await post({ lead }, { 'X-Forwarded-For': `198.51.100.${100 + i}` })
      expect(res.status).toBe(400) // the name holds a line break: refused, naming the field
      expect(await res.json()).toMatchObject({ issues: [{ path: ['name'] }] })
      const clean = contact({ email: i % 2 ? victim.toUpperCase() : victim, name: 'Visit https://spam.example now' })
      ids[i] = clean.id
      const ok = await post({ lead: clean }, { 'X-Forwarded-For': `198.51.100.${100 + i}` })
      expect(ok.status).toBe(201)
    }
    expect(await Promise.all(ids.map((id) => notified.get(id)))).toEqual(Array(10).fill('sent'))
    const acks = receiver.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text.toLowerCase() === victim)
    const sales = receiver.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === 'sales-desk@example.com' && ids.some((id) => m.text?.includes(id)))
    expect(acks).toHaveLength(3)
    expect(sales).toHaveLength(10)
    // Nothing the sender typed reaches the victim: not the name, not the link.
    for (const ack of acks) {
      expect(ack.text).not.toContain('spam.example')
      expect(ack.subject).not.toContain('spam.example')
      expect(ack.replyTo?.text).toBe('sales-desk@example.com')
    }
    const skipped = await Promise.all(ids.map(async (id) => (await stored(id))?.ack_skipped))
    expect(skipped).toEqual([null, null, null, ...Array(7).fill('recipient_limit')])
  })

  it('refuses any body that is not JSON with 415, so no cross-site simple request gets through', async () => {
    const lead = contact()
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const res = await fetch(`${sb.url}/functions/v1/submit-lead`, {
        method: 'POST',
        headers: { apikey: sb.publishableKey, 'X-Forwarded-For': '198.51.100.200', ...(type ? { 'Content-Type': type } : {}) },
        body: JSON.stringify({ lead }),
      })
      expect(res.status).toBe(415)
    }
    expect(await stored(lead.id)).toBeUndefined()
  })
})

describe('bad characters are a 400 naming the field, never a lost lead', () => {
  const client = { 'X-Forwarded-For': '198.51.100.210' }

  it('a NUL, a lone surrogate or a control character in a typed field', async () => {
    const cases: [string, string][] = [
      ['name', 'Jean\u0000'],
      ['message', 'Bonjour \ud800'],
      ['subject', 'A\udfffB'],
      ['name', 'Jean\u0085Dupont'],
      ['subject', 'Line\u2028break'],
      ['message', 'Bell\u0007'],
    ]
    for (const [field, value] of cases) {
      const lead = contact({ [field]: value })
      const res = await post({ lead }, client)
      expect(res.status, `${field}: ${JSON.stringify(value)}`).toBe(400)
      expect(await res.json()).toEqual({ error: 'invalid', issues: [{ path: [field], message: 'form.error.invalid' }] })
      expect(await stored(lead.id)).toBeUndefined()
    }
    // Line breaks and tabs stay allowed where a buyer writes several lines.
    const multi = contact({ message: 'Line one\r\nLine two\tend' })
    expect((await post({ lead: multi }, client)).status).toBe(201)
  })

  it('attribution from a published link is cleaned, and the lead is stored', async () => {
    const lead = contact()
    const res = await post({ lead, attribution: { utmSource: 'news\u0000letter', utmCampaign: 'x\ud800y', referrer: 'https://a.example/\u0085' } }, client)
    expect(res.status).toBe(201)
    expect(await stored(lead.id)).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'x\ufffdy', referrer: 'https://a.example/' })
  })

  it('deep nesting is a 400, not a stack overflow', async () => {
    let deep = '"x"'
    for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`
    const res = await post(undefined, client, `{"lead": {"name": ${deep}}}`)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'invalid' })
  })
})

describe('mail finishes in bounded time and no lead stays pending', () => {
  it('a silent SMTP server ends in "failed" with the reason, within the deadline', async () => {
    const sockets = new Set<net.Socket>()
    const silent = net.createServer((s) => sockets.add(s)) // accepts, never greets
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
    const port = (silent.address() as AddressInfo).port
    const waits = new Map<string, Promise<string>>()
    const quiet = await startLocalSupabase({
      port: 0,
      memory: true,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      submitLead: { notify: { attemptTimeoutMs: 300 }, onNotified: (id, p) => waits.set(id, p) },
    })
    try {
      const lead = contact()
      const res = await fetch(`${quiet.url}/functions/v1/submit-lead`, {
        method: 'POST',
        headers: { apikey: quiet.publishableKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ lead }),
      })
      expect(res.status).toBe(201)
      expect(await waits.get(lead.id)).toBe('failed')
      const { rows } = await quiet.db.query<Record<string, unknown>>(
        'select notification_status, notification_error, mails_sent from public.leads where id = $1',
        [lead.id],
      )
      expect(rows[0]).toMatchObject({ notification_status: 'failed', mails_sent: [] })
      expect(String(rows[0]?.notification_error)).toMatch(/no answer within/)
    } finally {
      await quiet.stop()
      for (const s of sockets) s.destroy()
      silent.close()
    }
  })

  it('a lead left pending (the worker stopped mid-send) is sent by the scheduled retry, which needs the secret key', async () => {
    const lead = contact()
    // Stored the way the function stores it, but nothing sent: what a crash leaves behind.
    await sb.db.query(`select public.intake_lead($1::jsonb, $2)`, [JSON.stringify({ ...lead, products: [] }), 'c'.repeat(64)])
    const retry = (key: string) =>
      fetch(`${sb.url}/functions/v1/submit-lead/retry-pending`, {
        method: 'POST',
        headers: { apikey: key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ olderThanSeconds: 0 }),
      })
    expect((await retry(sb.publishableKey)).status).toBe(401)
    receiver.mails.length = 0
    const res = await retry(sb.secretKey)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ sent: expect.any(Number) })
    expect(await stored(lead.id)).toMatchObject({ notification_status: 'sent', mails_sent: ['ack', 'sales'] })
    expect(receiver.mails.filter((m) => m.text?.includes(lead.id))).toHaveLength(1) // the sales mail names the id
  })

  it('an admin resends a failed lead, and only the mail that did not go out', async () => {
    const lead = contact()
    await sb.db.query(`select public.intake_lead($1::jsonb, $2)`, [JSON.stringify({ ...lead, products: [] }), 'd'.repeat(64)])
    // Its sales mail went out; the acknowledgement failed (and waits for its backoff).
    await sb.db.query(
      `update public.lead_mails set state = case mail when 'sales' then 'sent' else 'failed' end, attempts = 1,
         next_attempt_at = now() + interval '1 minute', last_error = 'SMTP down' where lead_id = $1`,
      [lead.id],
    )
    await sb.db.query('select public.lead_mails_rollup($1)', [lead.id])
    const signIn = await fetch(`${sb.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: sb.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'netting-admin-2026' }),
    })
    const { access_token } = (await signIn.json()) as { access_token: string }
    const resend = (token: string) =>
      fetch(`${sb.url}/functions/v1/submit-lead/resend`, {
        method: 'POST',
        headers: { apikey: sb.publishableKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: lead.id }),
      })
    expect((await resend(sb.anonKey)).status).toBe(404) // anon reads no lead: RLS decides
    receiver.mails.length = 0
    const res = await resend(access_token)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: lead.id, notification: 'sent' })
    expect(receiver.mails.map((m) => (Array.isArray(m.to) ? '' : m.to?.text))).toEqual([lead.email])
    expect((await resend(access_token)).status).toBe(409) // nothing left to send
  })
})
