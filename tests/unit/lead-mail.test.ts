// Mail after a stored lead: a real SMTP receiver (smtp-server) gets the sales mail and the
// buyer's acknowledgement over the wire from the submit-lead function on the local backend.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { readFileSync } from 'node:fs'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import { smtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

const business = (parse(readFileSync('content/facts.yml', 'utf8')) as { business: { email: string; brand: string } }).business
const trTexts = parse(readFileSync('content/ui/mail/tr.yml', 'utf8')) as Record<string, string>

const notified = new Map<string, Promise<string>>()
const start = (smtpUrl: string) =>
  startLocalSupabase({
    port: 0,
    memory: true,
    trustForwardedFor: true,
    smtpUrl,
    submitLead: {
      notify: { siteUrl: 'http://127.0.0.1:3000' },
      onNotified: (id, p) => notified.set(id, p),
    },
  })

const quote = () => ({
  id: crypto.randomUUID(),
  kind: 'quote',
  name: 'Mehmet Kaya',
  email: 'mehmet@kasap.example.com.tr',
  phone: '+90 532 000 11 22',
  company: 'Kaya Et Ürünleri',
  country: 'Türkiye',
  message: 'Sucuk için\nilk sipariş',
  products: ['beef', 'poultry'],
  inner_diameter: '60 mm',
  quantity: '40',
  quantity_unit: 'rolls',
  process: 'smoking',
  locale: 'tr',
  page: '/tr/teklif-iste/',
  consent_privacy: true,
  consent_contact: true,
})

async function submit(sb: LocalSupabase, lead: Record<string, unknown>, ip: string) {
  return fetch(`${sb.url}/functions/v1/submit-lead`, {
    method: 'POST',
    headers: { apikey: sb.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ lead, attribution: { landingPage: '/tr/', referrer: 'https://www.google.com/', utmSource: 'google' } }),
  })
}

async function notification(sb: LocalSupabase, id: string) {
  const { rows } = await sb.db.query<{
    notification_status: string
    notification_attempts: number
    notification_error: string | null
    notified_at: Date | null
  }>('select notification_status, notification_attempts, notification_error, notified_at from public.leads where id = $1', [id])
  return rows[0]
}

let receiver: SmtpReceiver
let sb: LocalSupabase
beforeAll(async () => {
  receiver = await smtpReceiver()
  sb = await start(receiver.url)
})
afterAll(async () => {
  await sb?.stop()
  await receiver?.close()
})

describe('a stored lead mails sales and the buyer', () => {
  it('sales gets every field and a link to the lead; the buyer a Turkish acknowledgement', async () => {
    const lead = quote()
    const t0 = performance.now()
    const res = await submit(sb, lead, '192.0.2.1')
    expect(res.status).toBe(201)
    const stored = performance.now()
    expect(await notified.get(lead.id)).toBe('sent')
    const received = performance.now()
    console.log(`mail latency: lead stored (201 after ${(stored - t0).toFixed(0)} ms) → both mails received ${(received - stored).toFixed(0)} ms later`)

    const mine = receiver.mails.filter((m) => m.text?.includes(lead.id.slice(0, 8).toUpperCase()) || m.text?.includes(lead.id))
    expect(mine).toHaveLength(2)
    const sales = mine.find((m) => m.to && 'text' in m.to && m.to.text === business.email)
    const buyer = mine.find((m) => m.to && 'text' in m.to && m.to.text === lead.email)
    expect(sales).toBeDefined()
    expect(buyer).toBeDefined()

    expect(sales!.replyTo?.text).toBe(lead.email)
    expect(sales!.subject).toContain('Mehmet Kaya')
    for (const value of [
      lead.name,
      lead.email,
      lead.phone,
      lead.company,
      lead.country,
      // Ids by the names the admin shows (issue 41, item 6).
      'Beef Netting, Poultry Netting',
      lead.inner_diameter,
      lead.quantity,
      'Rolls',
      'Smoking',
      'tr',
      lead.page,
      '/tr/',
      'https://www.google.com/',
      'google',
      'Sucuk için',
      'ilk sipariş',
    ]) {
      expect(sales!.text).toContain(value)
    }
    expect(sales!.text).toContain(`http://127.0.0.1:3000/en/admin/#lead=${lead.id}`)
    expect(sales!.html).toBe(false)

    expect(buyer!.subject).toBe(trTexts['mail.ack.subject.quote']!.replace('{brand}', business.brand))
    expect(buyer!.text).toContain(trTexts['mail.ack.greeting']!.replace('{name}', lead.name))
    expect(buyer!.text).toContain(trTexts['mail.ack.received.quote'])
    expect(buyer!.replyTo?.text).toBe(business.email)

    const n = await notification(sb, lead.id)
    expect(n).toMatchObject({ notification_status: 'sent', notification_attempts: 1, notification_error: null })
    expect(n?.notified_at).toBeInstanceOf(Date)
  })

  it('a temporary SMTP failure is re-driven after its backoff; each mail arrives once', async () => {
    const lead = quote()
    const before = receiver.mails.length
    receiver.failNext = 1
    expect((await submit(sb, lead, '192.0.2.2')).status).toBe(201)
    expect(await notified.get(lead.id)).toBe('failed')
    expect(await notification(sb, lead.id)).toMatchObject({ notification_status: 'failed', notification_attempts: 1 })
    // The backoff (1 minute) is over: the scheduled job sends the mail that failed, and only it.
    await sb.db.query('update public.lead_mails set next_attempt_at = now() where lead_id = $1', [lead.id])
    const res = await fetch(`${sb.url}/functions/v1/submit-lead/retry-pending`, {
      method: 'POST',
      headers: { apikey: sb.secretKey, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(await res.json()).toEqual({ retried: 1, sent: 1, deliveries: 0, delivered: 0 })
    expect(receiver.mails.length - before).toBe(2)
    expect(await notification(sb, lead.id)).toMatchObject({ notification_status: 'sent', notification_attempts: 2, notification_error: null })
  })

  it('when SMTP keeps failing the lead is kept and marked failed with the reason', async () => {
    const lead = quote()
    const before = receiver.mails.length
    receiver.failNext = 100
    try {
      expect((await submit(sb, lead, '192.0.2.3')).status).toBe(201)
      expect(await notified.get(lead.id)).toBe('failed')
    } finally {
      receiver.failNext = 0
    }
    expect(receiver.mails.length).toBe(before)
    const n = await notification(sb, lead.id)
    expect(n).toMatchObject({ notification_status: 'failed', notification_attempts: 1 })
    expect(n?.notification_error).toMatch(/451.*Mailbox busy/)
    const { rows } = await sb.db.query('select name from public.leads where id = $1', [lead.id])
    expect(rows).toEqual([{ name: 'Mehmet Kaya' }])
  })
})
