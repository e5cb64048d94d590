// Leads pushed out (issue 43, item 3), through the local backend: each new lead is POSTed to
// LEAD_WEBHOOK_URL with a Standard Webhooks signature, checked by the receiver with the
// `standardwebhooks` package (server/webhook-receiver.ts), and kept there once per webhook-id.
// Retries are driven by the re-drive (retry-pending) with the function's own backoff setting
// at zero seconds, never by waiting for a real backoff.
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { LocalSupabase } from '../../server/local-supabase/index'
import { startWebhookReceiver, type WebhookReceiver } from '../../server/webhook-receiver'
import { deliveryText, DELIVERY_COLUMNS, type DeliveryRow } from '../../components/admin/lead-deliveries'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { pushDue, signWebhook, webhookBody } from '../../supabase/functions/submit-lead/push'
import type { DeliveryResult, LeadStore } from '../../supabase/functions/submit-lead/store'
import { startLeadBackend } from '../helpers/lead-backend'
import type { SmtpReceiver } from '../helpers/smtp-receiver'
import { contactLead, uniqueEmail } from '../helpers/leads'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

// How each lead's receiver behaves, by the lead's name: the test decides per lead.
const plans = new Map<string, (attempt: number) => number | undefined>()
const pushed = new Map<string, Promise<string>>()
let receiver: WebhookReceiver
let smtp: SmtpReceiver
let sb: LocalSupabase
beforeAll(async () => {
  receiver = await startWebhookReceiver({
    port: 0,
    answer: ({ try: n, payload }) => plans.get((payload as { data: { id: string } }).data.id)?.(n),
  })
  ;({ receiver: smtp, sb } = await startLeadBackend(new Map(), {
    webhook: { url: receiver.url, secret: receiver.secret, backoffSeconds: [0, 0, 0] },
    onPushed: (id, p) => pushed.set(id, p),
  }))
})
afterAll(async () => {
  await sb?.stop()
  await smtp?.close()
  await receiver?.stop()
})

let client = 0
/** Submits a lead whose receiver answers as `plan` says, and waits for the inline try. */
async function submit(plan: (attempt: number) => number | undefined): Promise<{ leadId: string; deliveryId: string; inline: string }> {
  const lead = contactLead({ email: uniqueEmail(), name: `Webhook ${client}` })
  plans.set(lead.id, plan)
  const res = await fetch(`${sb.url}/functions/v1/submit-lead`, {
    method: 'POST',
    headers: { apikey: sb.publishableKey, 'Content-Type': 'application/json', 'X-Forwarded-For': `198.18.7.${client++}` },
    body: JSON.stringify({ lead }),
  })
  expect(res.status).toBe(201)
  const inline = (await pushed.get(lead.id)) as string
  const deliveryId = (await sb.db.query<{ id: string }>('select id from public.lead_deliveries where lead_id = $1', [lead.id])).rows[0]!.id
  return { leadId: lead.id, deliveryId, inline }
}
const sweep = async () => {
  const res = await fetch(`${sb.url}/functions/v1/submit-lead/retry-pending`, {
    method: 'POST',
    headers: { apikey: sb.secretKey, 'Content-Type': 'application/json' },
    body: '{"olderThanSeconds": 0}',
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { deliveries: number; delivered: number }
}
let token = ''
async function adminRead(leadId: string): Promise<DeliveryRow[]> {
  if (!token) {
    const signIn = await fetch(`${sb.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: sb.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'netting-admin-2026' }),
    })
    token = ((await signIn.json()) as { access_token: string }).access_token
  }
  const res = await fetch(`${sb.url}/rest/v1/lead_deliveries?select=${DELIVERY_COLUMNS}&lead_id=eq.${leadId}`, {
    headers: { apikey: sb.publishableKey, Authorization: `Bearer ${token}` },
  })
  expect(res.status).toBe(200)
  return (await res.json()) as DeliveryRow[]
}

describe('a lead pushed to a webhook', () => {
  it('reaches a receiver that failed twice exactly once, signed, with one idempotency key on all three tries', async () => {
    const first = await submit((n) => (n <= 2 ? 500 : undefined))
    expect(first.inline).toBe('failed')
    expect(await sweep()).toMatchObject({ deliveries: 1, delivered: 0 })
    expect(await sweep()).toMatchObject({ deliveries: 1, delivered: 1 })
    // Delivered: never claimed again.
    expect(await sweep()).toMatchObject({ deliveries: 0, delivered: 0 })

    const tries = receiver.attempts.filter((a) => a.id === first.deliveryId)
    expect(tries.map((a) => [a.valid, a.status])).toEqual([
      [true, 500],
      [true, 500],
      [true, 200],
    ])
    const kept = receiver.deliveries.filter((d) => d.id === first.deliveryId)
    expect(kept).toHaveLength(1)
    const payload = kept[0]!.payload as { type: string; data: Record<string, unknown> }
    expect(payload.type).toBe('lead.created')
    expect(payload.data).toMatchObject({ id: first.leadId, kind: 'contact' })
    // The inbox's own bookkeeping is not the CRM's business.
    expect(Object.keys(payload.data)).not.toEqual(expect.arrayContaining(['notes']))
    expect(payload.data).not.toHaveProperty('mailbox_key')

    const rows = await adminRead(first.leadId)
    expect(rows).toMatchObject([{ state: 'delivered', attempts: 3, last_error: null }])
    expect(deliveryText(rows[0]!).text).toMatch(/^Webhook: delivered after 3 attempts, /)
  })

  it('a lost answer is retried with the same webhook-id and the receiver keeps one copy', async () => {
    // Kept on the first try, but the answer never reaches the sender.
    const lead = await submit((n) => (n === 1 ? 0 : undefined))
    expect(lead.inline).toBe('failed')
    expect(await sweep()).toMatchObject({ deliveries: 1, delivered: 1 })
    expect(receiver.attempts.filter((a) => a.id === lead.deliveryId).map((a) => a.status)).toEqual([0, 200])
    expect(receiver.deliveries.filter((d) => d.id === lead.deliveryId)).toMatchObject([{ tries: 2 }])
    expect(await adminRead(lead.leadId)).toMatchObject([{ state: 'delivered', attempts: 2 }])
  })

  it('gives up after the last backoff and says so', async () => {
    const lead = await submit(() => 503)
    // Three backoff steps: the fourth failed try is the last.
    for (let i = 0; i < 3; i++) expect(await sweep()).toMatchObject({ deliveries: 1, delivered: 0 })
    expect(await sweep()).toMatchObject({ deliveries: 0, delivered: 0 })
    const [row] = await adminRead(lead.leadId)
    expect(row).toMatchObject({ state: 'gave_up', attempts: 4, last_status: 503 })
    expect(deliveryText(row!).text).toMatch(/^Webhook: gave up after 4 attempts \(last error: HTTP 503/)
  })

  it('nobody but an admin reads deliveries, and nobody writes them from the browser', async () => {
    expect((await adminRead(crypto.randomUUID())).length).toBe(0)
    const anon = await fetch(`${sb.url}/rest/v1/lead_deliveries?select=id`, { headers: { apikey: sb.publishableKey } })
    expect(anon.status).toBe(401)
    const patch = await fetch(`${sb.url}/rest/v1/lead_deliveries?state=eq.gave_up`, {
      method: 'PATCH',
      headers: { apikey: sb.publishableKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ state: 'delivered', delivered_at: new Date().toISOString() }),
    })
    expect(patch.status).toBe(403)
  })
})

describe('the signature', () => {
  it('is what the Standard Webhooks reference library verifies, and a changed body is refused', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
    const body = webhookBody({ id: 'l1', created_at: '2026-11-29T10:00:00Z', name: 'A <b>', notes: 'internal' })
    const ts = Math.floor(Date.now() / 1000)
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(ts), 'webhook-signature': await signWebhook(secret, 'msg_1', ts, body) }
    expect(new Webhook(secret).verify(body, headers)).toEqual({
      type: 'lead.created',
      timestamp: '2026-11-29T10:00:00Z',
      data: { id: 'l1', created_at: '2026-11-29T10:00:00Z', name: 'A <b>' },
    })
    expect(() => new Webhook(secret).verify(body.replace('A <b>', 'B <b>'), headers)).toThrow()
  })
})

describe('a try that gets no answer', () => {
  it('is recorded failed (retried later with the same webhook-id), not delivered and not given up', async () => {
    // A receiver that takes the request and never answers. The try ends when the request has
    // arrived (the function's attemptDeadline, an event), as its 15 s deadline would end it.
    let arrived = () => {}
    const held = new Promise<void>((done) => {
      arrived = done
    })
    const silent = http.createServer(() => arrived())
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done))
    const results: DeliveryResult[] = []
    const store = {
      claimDeliveries: async () => [{ id: 'd1', lead_id: 'l1', claim_token: 'c1', attempts: 1, lead: { id: 'l1', created_at: '2026-11-29T10:00:00Z' } }],
      deliveryResult: async (_d: unknown, r: DeliveryResult) => {
        results.push(r)
        return 'failed'
      },
    } as unknown as LeadStore
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`
      await pushDue(store, { url, secret: receiver.secret, attemptDeadline: () => held })
    } finally {
      silent.closeAllConnections()
      silent.close()
    }
    expect(results).toMatchObject([
      { outcome: 'failed', status: null, error: expect.stringMatching(/^no answer within the try's deadline .* the next try has the same webhook-id$/) },
    ])
  })
})
