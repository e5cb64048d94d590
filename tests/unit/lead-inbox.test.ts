// The sales inbox against the real migrations on PGlite, through supabase-js and
// the local REST stand-in: who may change status/notes, who may erase, paging past 5,000 leads
// with a true total, the filters the admin page sends, and lead_summary().
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import * as OTPAuth from 'otpauth'
import { startLocalSupabase, ADMIN_EMAIL, ADMIN_PASSWORD, type LocalSupabase } from '../../server/local-supabase/index'
import { seedLeadsSql } from '../helpers/seed-leads'
import { fetchAll, NO_FILTERS, searchFilter } from '../../components/admin/lead-query'
import { testClient } from '../helpers/supabase-client'

const SEEDED = 5200
let sb: LocalSupabase
let admin: SupabaseClient

const client = (key = sb.anonKey): SupabaseClient => testClient(sb.url, key)

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const c = client()
  const { error } = await c.auth.signInWithPassword({ email, password })
  expect(error).toBeNull()
  return c
}

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await sb.db.query<T>(text, params)).rows
}

/** One lead inserted as the service role would (the intake function), returning its id. */
async function oneLead(): Promise<string> {
  const id = crypto.randomUUID()
  await sql(
    `insert into public.leads (id, kind, name, email, subject, message, locale, consent_contact, consent_privacy)
     values ($1, 'contact', 'Ana Costa', 'ana@example.pt', 'Nets', 'Which size for a 4 kg ham?', 'es', true, true)`,
    [id],
  )
  return id
}
const lead = async (id: string) => (await sql<Record<string, unknown>>('select * from public.leads where id = $1', [id]))[0]

// A second admin with a verified TOTP factor: returns a session at aal2 and one at aal1.
async function mfaAdmin(): Promise<{ aal1: SupabaseClient; aal2: SupabaseClient }> {
  const email = `mfa-${crypto.randomUUID().slice(0, 8)}@example.com`
  const password = 'mfa-admin-pass-1'
  expect((await client().auth.signUp({ email, password })).error).toBeNull()
  await sql(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' where email = $1`, [email])
  const aal2 = await signedIn(email, password)
  const enrolled = await aal2.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })
  expect(enrolled.error).toBeNull()
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data!.totp.secret) })
  expect((await aal2.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totp.generate() })).error).toBeNull()
  expect((await aal2.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2')
  const aal1 = await signedIn(email, password)
  expect((await aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1')
  return { aal1, aal2 }
}

async function nonAdmin(): Promise<SupabaseClient> {
  const c = client()
  const { error } = await c.auth.signUp({ email: `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`, password: 'visitor-pass-1' })
  expect(error).toBeNull()
  return c
}

beforeAll(async () => {
  sb = await startLocalSupabase({ port: 0, memory: true })
  const seed = seedLeadsSql(SEEDED)
  await sql(seed.sql, seed.params)
  admin = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD)
})
afterAll(async () => {
  await sb?.stop()
})

describe('status and notes', () => {
  it('the admin changes status and notes, and gets the row back', async () => {
    const id = await oneLead()
    expect((await lead(id))?.status).toBe('new')
    const { data, error, status } = await admin
      .from('leads')
      .update({ status: 'contacted', notes: 'Called; wants 40 rolls.' })
      .eq('id', id)
      .select('id,status,notes')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([{ id, status: 'contacted', notes: 'Called; wants 40 rolls.' }])
    expect(await lead(id)).toMatchObject({ status: 'contacted', notes: 'Called; wants 40 rolls.' })
  })

  it('refuses a status outside the five', async () => {
    const id = await oneLead()
    const { error } = await admin.from('leads').update({ status: 'spam' }).eq('id', id)
    expect(error?.code).toBe('23514')
    expect((await lead(id))?.status).toBe('new')
  })

  it('anon may change nothing (401, 42501)', async () => {
    const id = await oneLead()
    const res = await client().from('leads').update({ status: 'won', notes: 'x' }).eq('id', id)
    expect(res.error?.code).toBe('42501')
    expect(res.status).toBe(401)
    expect(await lead(id)).toMatchObject({ status: 'new', notes: null })
  })

  it('a signed-in user without the admin role changes no row', async () => {
    const id = await oneLead()
    const c = await nonAdmin()
    const res = await c.from('leads').update({ status: 'won' }).eq('id', id).select('id')
    expect(res.error).toBeNull()
    expect(res.data).toEqual([])
    expect((await lead(id))?.status).toBe('new')
  })

  it.each([
    ['name', { name: 'Someone else' }],
    ['email', { email: 'evil@example.com' }],
    ['created_at', { created_at: '2030-01-01T00:00:00Z' }],
    ['consent_at', { consent_at: '2020-01-01T00:00:00Z' }],
    ['notification_status', { notification_status: 'sent' }],
    ['status with another column', { status: 'won', message: 'rewritten' }],
  ])('the admin may not change %s (403, 42501)', async (_, patch) => {
    const id = await oneLead()
    const before = await lead(id)
    const res = await admin.from('leads').update(patch).eq('id', id)
    expect(res.error?.code).toBe('42501')
    expect(res.status).toBe(403)
    expect(await lead(id)).toEqual(before)
  })

  it('an admin with a factor must be at aal2 to change a lead', async () => {
    const { aal1, aal2 } = await mfaAdmin()
    const id = await oneLead()
    expect((await aal1.from('leads').update({ status: 'lost' }).eq('id', id).select('id')).data).toEqual([])
    expect((await lead(id))?.status).toBe('new')
    expect((await aal2.from('leads').update({ status: 'lost' }).eq('id', id).select('id')).data).toEqual([{ id }])
    expect((await lead(id))?.status).toBe('lost')
  })
})

describe('erasure', () => {
  it('only an admin at aal2 deletes, and only the row asked for', async () => {
    const { aal1, aal2 } = await mfaAdmin()
    const id = await oneLead()
    const other = await oneLead()

    const byAnon = await client().from('leads').delete().eq('id', id)
    expect(byAnon.error?.code).toBe('42501')
    expect(byAnon.status).toBe(401)
    expect((await (await nonAdmin()).from('leads').delete().eq('id', id).select('id')).data).toEqual([])
    // The seeded admin has no factor: aal1 reads and triages, but never erases.
    expect((await admin.from('leads').delete().eq('id', id).select('id')).data).toEqual([])
    expect((await aal1.from('leads').delete().eq('id', id).select('id')).data).toEqual([])
    expect(await lead(id)).toBeDefined()

    const erased = await aal2.from('leads').delete().eq('id', id).select('id')
    expect(erased.error).toBeNull()
    expect(erased.data).toEqual([{ id }])
    expect(await lead(id)).toBeUndefined()
    expect(await lead(other)).toBeDefined()
  })
})

describe('paging, sorting and filters', () => {
  const newestFirst = (c: SupabaseClient) => c.from('leads').select('id,created_at', { count: 'exact' }).order('created_at', { ascending: false }).order('id')
  type LeadQuery = ReturnType<typeof newestFirst>

  it('pages past 5,000 leads with the true total (206 Partial Content, Content-Range)', async () => {
    const total = (await sql<{ n: number }>('select count(*)::int as n from public.leads'))[0]!.n
    expect(total).toBeGreaterThanOrEqual(SEEDED)
    const page = await newestFirst(admin).range(5100, 5149)
    expect(page.error).toBeNull()
    expect(page.status).toBe(206)
    expect(page.count).toBe(total)
    const expected = await sql<{ id: string }>('select id from public.leads order by created_at desc, id offset 5100 limit 50')
    expect(page.data?.map((r) => r.id)).toEqual(expected.map((r) => r.id))

    const last = await newestFirst(admin).range(total - 3, total + 96)
    expect(last.data?.length).toBe(3)
    expect(last.count).toBe(total)
  })

  it('answers 416 PGRST103 for a page past the end, like PostgREST', async () => {
    const res = await fetch(`${sb.url}/rest/v1/leads?select=id&offset=99999999&limit=10`, {
      headers: { apikey: sb.anonKey, authorization: `Bearer ${sb.serviceRoleKey}`, prefer: 'count=exact' },
    })
    expect(res.status).toBe(416)
    expect(res.headers.get('content-range')).toMatch(/^\*\/\d+$/)
    expect(((await res.json()) as { code: string }).code).toBe('PGRST103')
  })

  it('a non-admin counts zero leads', async () => {
    const res = await (await nonAdmin()).from('leads').select('id', { count: 'exact', head: true })
    expect(res.error).toBeNull()
    expect(res.count).toBe(0)
  })

  it.each([
    ['status', (q: LeadQuery) => q.eq('status', 'qualified'), `status = 'qualified'`],
    ['kind', (q: LeadQuery) => q.eq('kind', 'samples'), `kind = 'samples'`],
    ['language (in)', (q: LeadQuery) => q.in('locale', ['de', 'ar']), `locale in ('de','ar')`],
    ['country', (q: LeadQuery) => q.eq('country', 'Saudi Arabia'), `country = 'Saudi Arabia'`],
    ['product (contains)', (q: LeadQuery) => q.contains('products', ['lamb']), `products @> '{lamb}'`],
    [
      'date range',
      (q: LeadQuery) => q.gte('created_at', '2026-10-20T00:00:00Z').lte('created_at', '2026-10-25T23:59:59Z'),
      `created_at between '2026-10-20T00:00:00Z' and '2026-10-25T23:59:59Z'`,
    ],
    [
      'search over several columns',
      (q: LeadQuery) => q.or('name.ilike."*buyer seed 12*",email.ilike."*buyer12@*",company.ilike."*, Ltd*"'),
      `name ilike '%buyer seed 12%' or email ilike '%buyer12@%' or company ilike '%, Ltd%'`,
    ],
    [
      'everything at once',
      (q: LeadQuery) => q.eq('kind', 'quote').eq('status', 'won').in('locale', ['en', 'tr', 'fr']).gte('created_at', '2026-09-01T00:00:00Z'),
      `kind = 'quote' and status = 'won' and locale in ('en','tr','fr') and created_at >= '2026-09-01T00:00:00Z'`,
    ],
    ['not', (q: LeadQuery) => q.not('status', 'in', '(new,lost)'), `status not in ('new','lost')`],
  ])('filter: %s gives the same rows and total as SQL', async (_, apply, where) => {
    const expected = await sql<{ id: string }>(`select id from public.leads where ${where} order by created_at desc, id`)
    expect(expected.length).toBeGreaterThan(0)
    const page = await apply(newestFirst(admin)).range(0, 99)
    expect(page.error).toBeNull()
    expect(page.count).toBe(expected.length)
    expect(page.data?.map((r) => r.id)).toEqual(expected.slice(0, 100).map((r) => r.id))
  })

  it('a quoted search value keeps its commas, parentheses and quotes', async () => {
    const id = await oneLead()
    await sql(`update public.leads set company = $2 where id = $1`, [id, 'Smith, Jones (UK) "Meats"'])
    const { data, error } = await admin.from('leads').select('id').or('company.ilike."*Jones (UK) \\"Meats*"')
    expect(error).toBeNull()
    expect(data).toEqual([{ id }])
  })

  it.each([
    ['newest first (keyset batches)', 'newest', NO_FILTERS, 'true', 'created_at desc, id asc'],
    ['oldest first (keyset batches)', 'oldest', NO_FILTERS, 'true', 'created_at asc, id desc'],
    ['by name, filtered (offset batches)', 'name', { ...NO_FILTERS, kind: 'quote' }, `kind = 'quote'`, 'name asc, id desc'],
  ] as const)('the CSV export fetches the whole set past 1,000 rows: %s', async (_, sort, filters, where, order) => {
    const expected = await sql<{ id: string }>(`select id from public.leads where ${where} order by ${order}`)
    expect(expected.length).toBeGreaterThan(1000)
    const progress: [number, number][] = []
    const rows = await fetchAll(admin, filters, sort, (done, total) => progress.push([done, total]))
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id))
    expect(progress.at(-1)).toEqual([expected.length, expected.length])
    expect(progress.length).toBe(Math.ceil((expected.length + 1) / 1000))
  })

  it("the admin page's search matches what was typed literally (%, _, quotes, commas)", async () => {
    const literal = await oneLead()
    const wildcard = await oneLead()
    await sql(`update public.leads set company = $2 where id = $1`, [literal, 'Prime "100%_Beef", Ltd'])
    await sql(`update public.leads set company = $2 where id = $1`, [wildcard, 'Prime 1000 Beef, Ltd'])
    const { data, error } = await admin.from('leads').select('id').or(searchFilter('"100%_beef", ltd')!)
    expect(error).toBeNull()
    expect(data).toEqual([{ id: literal }])
  })

  it('refuses what it does not implement instead of ignoring it', async () => {
    const unknownOp = await admin.from('leads').select('id').filter('name', 'fts', 'ham')
    expect(unknownOp.error?.code).toBe('PGRST100')
    const unknownColumn = await admin.from('leads').select('id').eq('nope', 'x')
    expect(unknownColumn.error?.code).toBe('42703')
    const badList = await admin.from('leads').select('id').filter('locale', 'in', 'de,ar')
    expect(badList.error?.code).toBe('PGRST100')
    const embedded = await admin.from('leads').select('id').eq('products->0', 'pork')
    expect(embedded.error?.code).toBe('PGRST100')
  })
})

describe('lead_summary()', () => {
  const from = '2026-10-01T00:00:00Z'
  const to = '2026-11-01T00:00:00Z'

  it('counts per language, landing page and source over the period, as RLS lets the caller see', async () => {
    const { data, error } = await admin.rpc('lead_summary', { p_from: from, p_to: to })
    expect(error).toBeNull()
    const rows = data as { dimension: string; value: string | null; leads: number }[]
    const get = (d: string, v: string | null) => rows.find((r) => r.dimension === d && r.value === v)?.leads
    const period = `created_at >= '${from}' and created_at < '${to}'`
    const count = async (extra = 'true') => (await sql<{ n: number }>(`select count(*)::int as n from public.leads where ${period} and ${extra}`))[0]!.n
    expect(get('total', null)).toBe(await count())
    expect(get('total', null)).toBeGreaterThan(0)
    expect(get('locale', 'de')).toBe(await count(`locale = 'de'`))
    expect(get('landing_page', '/de/laender/deutschland/')).toBe(await count(`landing_page = '/de/laender/deutschland/'`))
    expect(get('source', 'newsletter')).toBe(await count(`utm_source = 'newsletter'`))
    expect(get('source', 'www.google.com')).toBe(await count(`utm_source is null and referrer like 'https://www.google.com/%'`))
    expect(get('source', '(direct)')).toBe(await count(`utm_source is null and referrer is null`))
    const locales = rows.filter((r) => r.dimension === 'locale')
    expect(locales.reduce((n, r) => n + r.leads, 0)).toBe(get('total', null))
  })

  it('counts nothing for a non-admin and is refused to anon', async () => {
    const { data, error } = await (await nonAdmin()).rpc('lead_summary', { p_from: from, p_to: to })
    expect(error).toBeNull()
    expect(data).toEqual([{ dimension: 'total', value: null, leads: 0 }])
    const anon = await client().rpc('lead_summary', { p_from: from, p_to: to })
    expect(anon.error?.code).toBe('42501')
  })

  it('answers 404 PGRST202 for an unknown function or wrong argument names', async () => {
    expect((await admin.rpc('no_such_function', {})).error?.code).toBe('PGRST202')
    expect((await admin.rpc('lead_summary', { from, to })).error?.code).toBe('PGRST202')
  })
})

describe('lead_weekly()', () => {
  type Weekly = { week: string; dimension: string; value: string | null; leads: number; answered: number }

  it('counts each week’s leads in all, per language, source and product, and the answered ones, as RLS lets the caller see', async () => {
    const { data, error } = await admin.rpc('lead_weekly', { p_from: null, p_to: null })
    expect(error).toBeNull()
    const rows = data as Weekly[]
    const weeks = await sql<{ week: string; n: number; answered: number; de: number; pork: number; newsletter: number }>(
      `select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as n,
              (count(*) filter (where status <> 'new'))::int as answered, (count(*) filter (where locale = 'de'))::int as de,
              (count(*) filter (where products @> '{pork}'))::int as pork, (count(*) filter (where utm_source = 'newsletter'))::int as newsletter
       from public.leads group by 1 order by 1`,
    )
    expect(weeks.length).toBeGreaterThan(1)
    const get = (week: string, dimension: string, value: string | null) => rows.find((r) => r.week === week && r.dimension === dimension && r.value === value)
    for (const w of weeks) {
      expect(get(w.week, 'total', null), w.week).toMatchObject({ leads: w.n, answered: w.answered })
      expect(get(w.week, 'locale', 'de')?.leads ?? 0).toBe(w.de)
      expect(get(w.week, 'product', 'pork')?.leads ?? 0).toBe(w.pork)
      expect(get(w.week, 'source', 'newsletter')?.leads ?? 0).toBe(w.newsletter)
      // Languages split a week's leads: they add up to its total.
      const locales = rows.filter((r) => r.week === w.week && r.dimension === 'locale')
      expect(locales.reduce((n, r) => n + r.leads, 0)).toBe(w.n)
    }
    // A period cuts by received time.
    const last = weeks.at(-1)!.week
    const { data: recent } = await admin.rpc('lead_weekly', { p_from: `${last}T00:00:00Z`, p_to: null })
    expect(new Set((recent as Weekly[]).map((r) => r.week))).toEqual(new Set([last]))
  })

  it('counts nothing for a non-admin and is refused to anon', async () => {
    const { data, error } = await (await nonAdmin()).rpc('lead_weekly', { p_from: null, p_to: null })
    expect(error).toBeNull()
    expect(data).toEqual([])
    expect((await client().rpc('lead_weekly', { p_from: null, p_to: null })).error?.code).toBe('42501')
  })
})
