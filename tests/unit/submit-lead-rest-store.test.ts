// The production store (PostgREST RPC with the project's secret key) against the local backend's
// real /rest/v1, which follows PostgREST's rules: defaulted arguments may be left out, a void
// function answers 204, the new key forms and the legacy JWTs are both accepted. No fake fetch:
// this is the path every lead takes, locally and in production.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import { restStore } from '../../supabase/functions/submit-lead/store'
import { contactLead, uniqueEmail } from '../helpers/leads'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

let sb: LocalSupabase
beforeAll(async () => {
  sb = await startLocalSupabase({ port: 0, memory: true, smtpUrl: '' })
})
afterAll(async () => {
  await sb?.stop()
})

const contact = (over: Record<string, unknown> = {}) =>
  contactLead({ name: 'Jean', email: uniqueEmail('jean'), subject: 'S', message: 'M', products: [], ...over })

async function row(id: string) {
  return (await sb.db.query<Record<string, unknown>>('select * from public.leads where id = $1', [id])).rows[0]
}

async function signIn(): Promise<string> {
  const res = await fetch(`${sb.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: sb.publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'netting-admin-2026' }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}

describe('the local REST API follows PostgREST for functions', () => {
  const rpc = (fn: string, body: unknown, key = sb.secretKey) =>
    fetch(`${sb.url}/rest/v1/rpc/${fn}`, { method: 'POST', headers: { apikey: key, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

  it('fills in defaulted arguments the call leaves out', async () => {
    const lead = contact()
    const res = await rpc('intake_lead', { p_lead: lead, p_ip_hash: 'a'.repeat(64) })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ outcome: 'stored', id: lead.id, ack: true, ack_skipped: null })
  })

  it('refuses a call missing an argument without a default, naming the function (PGRST202)', async () => {
    const res = await rpc('intake_lead', { p_lead: contact() })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 'PGRST202' })
  })

  it('answers 204 with no body for a void function', async () => {
    const lead = contact()
    await rpc('intake_lead', { p_lead: lead, p_ip_hash: 'b'.repeat(64) })
    const res = await rpc('lead_notification_result', { p_id: lead.id, p_status: 'sent', p_attempts: 1 })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect(await row(lead.id)).toMatchObject({ notification_status: 'sent', notification_attempts: 1 })
  })

  it('keeps the service functions from the publishable key (EXECUTE is granted to service_role only)', async () => {
    const res = await rpc('intake_lead', { p_lead: contact(), p_ip_hash: 'c'.repeat(64) }, sb.publishableKey)
    expect(res.status).toBe(401)
  })
})

describe('restStore on the local backend', () => {
  for (const form of ['sb_secret_ key', 'legacy service_role JWT'] as const) {
    it(`stores, deduplicates and records mails with the ${form}`, async () => {
      const store = restStore(sb.url, { secret: form === 'sb_secret_ key' ? sb.secretKey : sb.serviceRoleKey })
      const lead = contact()
      expect(await store.intake(lead, 'e'.repeat(64), 10, {})).toEqual({ outcome: 'stored', id: lead.id, ack: true, ack_skipped: null })
      expect(await store.intake(lead, 'e'.repeat(64), 10, {})).toEqual({ outcome: 'duplicate', id: lead.id })
      const claims = await store.claimMails({ leadId: lead.id, leaseSeconds: 60, limit: 10, pendingAgeSeconds: 0, domain: 'example.com' })
      expect(claims.map((c) => c.mail).sort()).toEqual(['ack', 'sales'])
      expect(claims[0]?.lead).toMatchObject({ id: lead.id, email: lead.email })
      expect(claims[0]?.message_id).toBe(`<${lead.id}.${claims[0]?.mail}@example.com>`)
      const sales = claims.find((c) => c.mail === 'sales') as (typeof claims)[number]
      const ack = claims.find((c) => c.mail === 'ack') as (typeof claims)[number]
      expect(await store.mailResult(sales, 'sent', null)).toBe('sent')
      expect(await store.mailResult(ack, 'failed', 'SMTP down')).toBe('failed')
      expect(await row(lead.id)).toMatchObject({
        notification_status: 'failed',
        notification_attempts: 1,
        notification_error: 'ack: SMTP down',
        mails_sent: ['sales'],
      })
    })
  }

  it('caps acknowledgements per address: the lead is stored, the reason recorded', async () => {
    const store = restStore(sb.url, { secret: sb.secretKey })
    const email = 'victim@example.org'
    const outcomes = []
    for (let i = 0; i < 5; i++)
      outcomes.push(await store.intake(contact({ email: i % 2 ? email.toUpperCase() : email }), `${i}`.repeat(64), 10, { perRecipientPerDay: 3 }))
    expect(outcomes.map((o) => o.outcome)).toEqual(['stored', 'stored', 'stored', 'stored', 'stored'])
    expect(outcomes.map((o) => (o.outcome === 'stored' ? o.ack : undefined))).toEqual([true, true, true, false, false])
    expect(outcomes.map((o) => (o.outcome === 'stored' ? o.ack_skipped : undefined)).slice(3)).toEqual(['recipient_limit', 'recipient_limit'])
  })

  it('caps acknowledgements per client network, not site-wide', async () => {
    const store = restStore(sb.url, { secret: sb.secretKey })
    const first = await store.intake(contact(), 'ab'.repeat(32), 10, { perClientPerDay: 1 })
    const second = await store.intake(contact(), 'ab'.repeat(32), 10, { perClientPerDay: 1 })
    const other = await store.intake(contact(), 'cd'.repeat(32), 10, { perClientPerDay: 1 })
    expect(first).toMatchObject({ outcome: 'stored', ack: true })
    expect(second).toMatchObject({ outcome: 'stored', ack: false, ack_skipped: 'client_limit' })
    expect(other).toMatchObject({ outcome: 'stored', ack: true })
  })

  it('claims each mail once, and a lead an admin may read for a resend', async () => {
    const store = restStore(sb.url, { secret: sb.secretKey, publishable: sb.publishableKey })
    const lead = contact()
    await store.intake(lead, 'f'.repeat(64), 10, {})
    const opts = { leaseSeconds: 60, limit: 100, pendingAgeSeconds: 0, domain: 'example.com' }
    const first = await store.claimMails(opts)
    expect(first.filter((c) => c.lead_id === lead.id)).toHaveLength(2)
    // Claimed just now: a second sweep takes none of them, and a stale claim records nothing.
    expect((await store.claimMails(opts)).filter((c) => c.lead_id === lead.id)).toHaveLength(0)
    const mine = first.find((c) => c.lead_id === lead.id) as (typeof first)[number]
    expect(await store.mailResult({ ...mine, claim_token: crypto.randomUUID() }, 'sent', null)).toBe('stale')

    expect(await store.canRead(lead.id, await signIn())).toBe(true)
    expect(await store.canRead(lead.id, sb.anonKey)).toBe(false)
    expect(await store.canRead(lead.id, 'not-a-token')).toBe(false)
  })

  it('turns an HTTP error into an exception (the handler answers 500, nothing half-done)', async () => {
    await expect(restStore(sb.url, { secret: 'sb_secret_wrong' }).intake(contact(), 'f'.repeat(64), 10, {})).rejects.toThrow(/HTTP 401/)
  })
})
