// Who may do what with public.leads, asked through supabase-js of the local server, so the
// real migration's grants, RLS policies and CHECK constraints give every answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import * as OTPAuth from 'otpauth'
import { startLocalSupabase, ADMIN_EMAIL, ADMIN_PASSWORD, type LocalSupabase } from '../../server/local-supabase/index'
import { LEAD_LIMITS, leadSchema } from '../../lib/leads/schema'
import { contactLead } from '../helpers/leads'
import { testClient } from '../helpers/supabase-client'

// Real bcrypt, PGlite and HTTP per test: generous limits for a busy parallel run.
let sb: LocalSupabase

const client = (key = sb.anonKey): SupabaseClient => testClient(sb.url, key)

// Writes as the submit-lead function does; the CHECK constraints still apply to it.
const service = (): SupabaseClient => client(sb.serviceRoleKey)

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const c = client()
  const { error } = await c.auth.signInWithPassword({ email, password })
  expect(error).toBeNull()
  return c
}

const contact = contactLead
const quote = (over: Record<string, unknown> = {}) => ({
  ...contact(),
  kind: 'quote',
  company: 'Charcuterie SA',
  country: 'France',
  products: ['pork'],
  quantity: '50',
  quantity_unit: 'rolls',
  ...over,
})

async function rowCount(id?: string): Promise<number> {
  const { rows } = await sb.db.query<{ n: number }>(
    id ? 'select count(*)::int as n from public.leads where id = $1' : 'select count(*)::int as n from public.leads',
    id ? [id] : [],
  )
  return rows[0]?.n ?? 0
}

beforeAll(async () => {
  sb = await startLocalSupabase({ port: 0, memory: true })
})
afterAll(async () => {
  await sb?.stop()
})

describe('anon', () => {
  it('cannot insert: leads arrive only through the submit-lead function (service role)', async () => {
    for (const payload of [contact(), [contact(), contact()]]) {
      const { error, status } = await client().from('leads').insert(payload)
      expect(error?.code).toBe('42501')
      expect(status).toBe(401)
    }
    expect(await rowCount()).toBe(0)
  })

  it('cannot read, update or delete', async () => {
    const row = contact()
    expect((await service().from('leads').insert(row)).error).toBeNull()
    const read = await client().from('leads').select('*')
    expect(read.error?.code).toBe('42501')
    expect(read.status).toBe(401)
    const upd = await client().from('leads').update({ name: 'Mallory' }).eq('id', row.id)
    expect(upd.error?.code).toBe('42501')
    const del = await client().from('leads').delete().eq('id', row.id)
    expect(del.error?.code).toBe('42501')
    const { rows } = await sb.db.query<{ name: string }>('select name from public.leads where id = $1', [row.id])
    expect(rows).toEqual([{ name: 'Jean Dupont' }])
  })

  it('a second insert with the same id is a duplicate, leaving one row', async () => {
    const row = contact()
    expect((await service().from('leads').insert(row)).error).toBeNull()
    const retry = await service().from('leads').insert(row)
    expect(retry.status).toBe(409)
    expect(retry.error?.code).toBe('23505')
    expect(await rowCount(row.id)).toBe(1)
  })
})

describe('the database itself rejects bad rows (sent without zod)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['malformed email', contact({ email: 'jean@example' }), 'leads_email_check'],
    ['missing privacy consent', contact({ consent_privacy: false }), 'leads_consent_privacy_check'],
    ['contact without contact consent', contact({ consent_contact: false }), 'leads_contact_fields_check'],
    ['oversized message', contact({ message: 'x'.repeat(LEAD_LIMITS.message + 1) }), 'leads_message_check'],
    ['wrong kind', contact({ kind: 'newsletter' }), 'leads_kind_check'],
    ['blank name', contact({ name: '   ' }), 'leads_name_check'],
    ['quote without products', quote({ products: [] }), 'leads_quote_fields_check'],
    ['quote with a bad unit', quote({ quantity_unit: 'kg' }), 'leads_quantity_unit_check'],
    ['unknown locale', contact({ locale: 'pt' }), 'leads_locale_check'],
    ['samples without address', quote({ kind: 'samples' }), 'leads_samples_fields_check'],
  ])('%s', async (_, row, constraint) => {
    const { error, status } = await service().from('leads').insert(row)
    expect(status).toBe(400)
    expect(error?.code).toBe('23514')
    expect(error?.message).toContain(constraint)
    expect(await rowCount(row.id as string)).toBe(0)
  })

  it('a missing required column (not null)', async () => {
    const { name: _name, ...row } = contact()
    const { error } = await service().from('leads').insert(row)
    expect(error?.code).toBe('23502')
  })
})

// Same numbers on both sides: at the limit both accept, one past it both refuse.
describe('zod and the CHECK constraints agree on limits', () => {
  const text = (n: number) => 'x'.repeat(n)
  const cases: [string, (n: number) => Record<string, unknown>, number][] = [
    ['name', (n) => contact({ name: text(n) }), LEAD_LIMITS.name],
    ['email', (n) => contact({ email: `${text(n - 12)}@example.com` }), LEAD_LIMITS.email],
    ['phone', (n) => contact({ phone: '1'.repeat(n) }), LEAD_LIMITS.phone],
    ['subject', (n) => contact({ subject: text(n) }), LEAD_LIMITS.subject],
    ['message', (n) => contact({ message: text(n) }), LEAD_LIMITS.message],
    ['page', (n) => contact({ page: text(n) }), LEAD_LIMITS.page],
    ['company', (n) => quote({ company: text(n) }), LEAD_LIMITS.company],
    ['country', (n) => quote({ country: text(n) }), LEAD_LIMITS.country],
    ['quantity', (n) => quote({ quantity: '1'.repeat(n) }), LEAD_LIMITS.quantity],
    ['inner_diameter', (n) => quote({ inner_diameter: text(n) }), LEAD_LIMITS.inner_diameter],
    ['shipping_address', (n) => quote({ kind: 'samples', shipping_address: text(n) }), LEAD_LIMITS.shipping_address],
    ['product id', (n) => quote({ products: [text(n)] }), LEAD_LIMITS.product],
    ['product count', (n) => quote({ products: Array.from({ length: n }, (_, i) => `p${i}`) }), LEAD_LIMITS.products],
  ]
  it.each(cases)('%s', async (_, make, limit) => {
    const ok = make(limit)
    const over = make(limit + 1)
    expect(leadSchema.safeParse(ok).success).toBe(true)
    expect(leadSchema.safeParse(over).success).toBe(false)
    expect((await service().from('leads').insert(ok)).error).toBeNull()
    expect((await service().from('leads').insert(over)).error?.code).toBe('23514')
  })
})

describe('reading leads', () => {
  it('a signed-up user without the admin role gets zero rows and cannot write', async () => {
    const c = client()
    const { data, error } = await c.auth.signUp({ email: 'visitor@example.com', password: 'visitor-pass-1' })
    expect(error).toBeNull()
    expect(data.session?.user.app_metadata.role).toBeUndefined()
    const read = await c.from('leads').select('*')
    expect(read.error).toBeNull()
    expect(read.data).toEqual([])
    // DELETE is granted to authenticated for the aal2 admin's erasure
    // (20261123000200_lead_inbox.sql); for anyone else the policy matches no row.
    const before = await rowCount()
    const del = await c.from('leads').delete().eq('kind', 'contact').select('id')
    expect(del.error).toBeNull()
    expect(del.data).toEqual([])
    expect(await rowCount()).toBe(before)
  })

  it('the admin reads, with order, filter and paging', async () => {
    const c = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD)
    const all = await c.from('leads').select('*', { count: 'exact' }).order('created_at', { ascending: false })
    expect(all.error).toBeNull()
    expect(all.data?.length).toBe(await rowCount())
    expect(all.count).toBe(await rowCount())
    const quotes = await c.from('leads').select('id,kind').eq('kind', 'quote').range(0, 1)
    expect(quotes.error).toBeNull()
    expect(quotes.data?.length).toBe(2)
    expect(quotes.data?.every((r) => r.kind === 'quote')).toBe(true)
    // Status and notes only (20261123000200_lead_inbox.sql): any other column is refused.
    const upd = await c.from('leads').update({ name: 'x' }).eq('kind', 'quote')
    expect(upd.error?.code).toBe('42501')
  })

  it('service_role may update and delete', async () => {
    const row = contact()
    await service().from('leads').insert(row)
    const svc = client(sb.serviceRoleKey)
    expect((await svc.from('leads').update({ name: 'Corrected' }).eq('id', row.id)).error).toBeNull()
    expect((await svc.from('leads').delete().eq('id', row.id)).error).toBeNull()
    expect(await rowCount(row.id)).toBe(0)
  })

  it('an admin with a verified TOTP factor needs aal2', async () => {
    // A second admin, promoted the way one would on hosted Supabase (SQL on auth.users).
    const email = 'mfa-admin@example.com'
    const password = 'mfa-admin-pass-1'
    await client().auth.signUp({ email, password })
    await sb.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' where email = $1`, [email])
    const first = await signedIn(email, password)
    const enrolled = await first.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'laptop' })
    expect(enrolled.error).toBeNull()
    const factorId = enrolled.data!.id
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data!.totp.secret) })
    // Enrolled but not yet verified: the factor does not count, aal1 still reads.
    expect((await first.from('leads').select('id')).data?.length).toBeGreaterThan(0)
    const verified = await first.auth.mfa.challengeAndVerify({ factorId, code: totp.generate() })
    expect(verified.error).toBeNull()

    const aal1 = await signedIn(email, password)
    const denied = await aal1.from('leads').select('id')
    expect(denied.error).toBeNull()
    expect(denied.data).toEqual([])

    const ch = await aal1.auth.mfa.challenge({ factorId })
    expect(ch.error).toBeNull()
    // The code just used is refused (replay); the next period's code is within the window.
    const v = await aal1.auth.mfa.verify({ factorId, challengeId: ch.data!.id, code: totp.generate({ timestamp: Date.now() + 30_000 }) })
    expect(v.error).toBeNull()
    const level = await aal1.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data?.currentLevel).toBe('aal2')
    const allowed = await aal1.from('leads').select('id')
    expect(allowed.data?.length).toBe(await rowCount())

    // aal2 survives a token refresh (it belongs to the session, not to one token).
    expect((await aal1.auth.refreshSession()).error).toBeNull()
    expect((await aal1.from('leads').select('id')).data?.length).toBe(await rowCount())
  })
})
