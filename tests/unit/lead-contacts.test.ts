// One contact per buyer (issue 43, item 2): leads posted to the real submit-lead function on the
// local backend attach to the contact of their email (trimmed, any case), record the phone in
// E.164, and only an admin reads contacts (supabase/migrations/20261129000200_lead_contacts.sql).
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { emptyPglite } from '../../server/local-supabase/db'
import { ADMIN_EMAIL, ADMIN_PASSWORD, type LocalSupabase } from '../../server/local-supabase/index'
import { startLeadBackend } from '../helpers/lead-backend'
import type { SmtpReceiver } from '../helpers/smtp-receiver'
import { contactLead } from '../helpers/leads'
import { phoneE164 } from '../../supabase/functions/submit-lead/phone'
import { CONTACT_ROW_COLUMNS } from '../../lib/leads/contact-row'
import { fetchContacts, fetchSubmissions } from '../../components/admin/contact-query'
import { testClient } from '../helpers/supabase-client'

const notified = new Map<string, Promise<unknown>>()
let receiver: SmtpReceiver
let sb: LocalSupabase
let admin: SupabaseClient
let visitor: SupabaseClient

const client = (key = sb.anonKey): SupabaseClient => testClient(sb.url, key)
async function signedIn(email: string, password: string, signUp = false): Promise<SupabaseClient> {
  const c = client()
  if (signUp) expect((await c.auth.signUp({ email, password })).error).toBeNull()
  else expect((await c.auth.signInWithPassword({ email, password })).error).toBeNull()
  return c
}

beforeAll(async () => {
  ;({ receiver, sb } = await startLeadBackend(notified))
  admin = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD)
  visitor = await signedIn('contacts-visitor@example.com', 'visitor-password-2026', true)
})
afterAll(async () => {
  await Promise.all([...notified.values()])
  await sb?.stop()
  await receiver?.close()
})

let client_ = 0
const post = async (lead: Record<string, unknown>) => {
  const res = await fetch(`${sb.url}/functions/v1/submit-lead`, {
    method: 'POST',
    headers: { apikey: sb.publishableKey, 'Content-Type': 'application/json', 'X-Forwarded-For': `198.19.0.${client_++}` },
    body: JSON.stringify({ lead }),
  })
  expect(res.status).toBe(201)
  return lead.id as string
}
const quote = (over: Record<string, unknown>) =>
  contactLead({ kind: 'quote', company: 'Fleischerei Beispiel', country: 'Deutschland', products: ['pork'], quantity: '300', quantity_unit: 'rolls', ...over })

describe('one contact per buyer', () => {
  it("'A@x.com ' and 'a@x.com' are one contact with two submissions; the phone is kept in E.164", async () => {
    const first = await post(contactLead({ email: 'A@x.com ', name: 'Anna Beispiel' }))
    const second = await post(quote({ email: 'a@x.com', name: 'Anna B.', phone: '030 1234567' }))
    const { data: contacts, error } = await admin.from('contacts').select('*').eq('email_key', 'a@x.com')
    expect(error).toBeNull()
    expect(contacts).toHaveLength(1)
    const [c] = contacts as Record<string, unknown>[]
    // The latest submission names the contact.
    expect(c).toMatchObject({ submissions: 2, email: 'a@x.com', name: 'Anna B.', company: 'Fleischerei Beispiel', phone_e164: '+49301234567' })
    const { data: leads } = await admin.from('leads').select('id,contact_id,phone_e164').in('id', [first, second]).order('created_at')
    expect(leads).toEqual([
      { id: first, contact_id: c?.id, phone_e164: null },
      { id: second, contact_id: c?.id, phone_e164: '+49301234567' },
    ])
  })

  it('another email with the same phone stays another contact (the phone merges nothing)', async () => {
    await post(quote({ email: 'b@x.com', phone: '+49 30 1234567' }))
    const { data } = await admin.from('contacts').select('email_key,phone_e164').eq('phone_e164', '+49301234567').order('email_key')
    expect(data).toEqual([
      { email_key: 'a@x.com', phone_e164: '+49301234567' },
      { email_key: 'b@x.com', phone_e164: '+49301234567' },
    ])
  })

  it("the inbox's queries: returning buyers only, the shared phone counted, a contact's submissions newest first", async () => {
    const page = await fetchContacts(admin, 0, true)
    expect(page.rows.map((r) => r.email_key)).toEqual(['a@x.com'])
    expect(page.total).toBe(1)
    expect(page.sharedPhones.get('+49301234567')).toBe(2)
    const subs = await fetchSubmissions(admin, page.rows[0]?.id ?? '')
    expect(subs.map((s) => s.kind)).toEqual(['quote', 'contact'])
  })

  it('simultaneous first submissions of a new buyer make one contact', async () => {
    await Promise.all(['Race@x.com', 'race@X.com', 'RACE@x.com'].map((email) => post(contactLead({ email }))))
    const { data } = await admin.from('contacts').select('submissions').eq('email_key', 'race@x.com')
    expect(data).toEqual([{ submissions: 3 }])
  })

  it('erasing a lead updates its contact; erasing the last one removes the contact', async () => {
    const older = await post(contactLead({ email: 'gone@x.com', name: 'Old Name' }))
    const newer = await post(contactLead({ email: 'gone@x.com', name: 'New Name' }))
    const service = client(sb.serviceRoleKey)
    const read = async () => (await admin.from('contacts').select('name,submissions').eq('email_key', 'gone@x.com')).data
    expect(await read()).toEqual([{ name: 'New Name', submissions: 2 }])
    expect((await service.from('leads').delete().eq('id', newer)).error).toBeNull()
    expect(await read()).toEqual([{ name: 'Old Name', submissions: 1 }])
    expect((await service.from('leads').delete().eq('id', older)).error).toBeNull()
    expect(await read()).toEqual([])
  })
})

describe('lib/leads/contact-row.ts matches the migrated public.contacts', () => {
  it('same columns, types and nullability (information_schema on PGlite)', async () => {
    const { rows } = await sb.db.query<{ column_name: string; data_type: string; is_nullable: 'YES' | 'NO' }>(
      `select column_name, data_type, is_nullable from information_schema.columns
       where table_schema = 'public' and table_name = 'contacts' order by ordinal_position`,
    )
    expect(Object.fromEntries(rows.map((r) => [r.column_name, { type: r.data_type, nullable: r.is_nullable === 'YES' }]))).toEqual(CONTACT_ROW_COLUMNS)
  })
})

describe('the migration back-fills leads stored before it', () => {
  it('one contact per trimmed, lower-cased address, named after its latest lead, counting every lead', async () => {
    const dir = 'supabase/migrations'
    const mine = '20261129000200_lead_contacts.sql'
    const pg = await emptyPglite()
    try {
      await pg.exec(readFileSync('server/local-supabase/bootstrap.sql', 'utf8'))
      for (const f of readdirSync(dir)
        .filter((f) => f.endsWith('.sql') && f < mine)
        .sort())
        await pg.exec(readFileSync(`${dir}/${f}`, 'utf8'))
      const lead = (email: string, name: string, at: string) =>
        pg.query(
          `insert into public.leads (id, kind, name, email, subject, message, locale, consent_contact, consent_privacy, created_at)
           values (gen_random_uuid(), 'contact', $2, $1, 's', 'm', 'en', true, true, $3)`,
          [email, name, at],
        )
      await lead('Old@Example.com', 'First', '2026-01-01T00:00:00Z')
      await lead('old@example.com', 'Latest', '2026-03-01T00:00:00Z')
      await lead('OLD@example.COM', 'Middle', '2026-02-01T00:00:00Z')
      await lead('other@example.com', 'Other', '2026-02-15T00:00:00Z')
      await pg.exec(readFileSync(`${dir}/${mine}`, 'utf8'))
      const { rows } = await pg.query(
        `select email_key, name, email, submissions, first_seen_at::date::text as first, last_seen_at::date::text as last,
                (select count(*)::int from public.leads l where l.contact_id = c.id) as attached
         from public.contacts c order by email_key`,
      )
      expect(rows).toEqual([
        { email_key: 'old@example.com', name: 'Latest', email: 'old@example.com', submissions: 3, first: '2026-01-01', last: '2026-03-01', attached: 3 },
        { email_key: 'other@example.com', name: 'Other', email: 'other@example.com', submissions: 1, first: '2026-02-15', last: '2026-02-15', attached: 1 },
      ])
    } finally {
      await pg.close()
    }
  })
})

describe('who reads contacts', () => {
  it('an admin reads them; a signed-in non-admin reads none; anon is refused', async () => {
    expect(((await admin.from('contacts').select('id')).data ?? []).length).toBeGreaterThan(0)
    expect(await visitor.from('contacts').select('id')).toMatchObject({ data: [], error: null })
    expect((await client().from('contacts').select('id')).error?.code).toBe('42501')
  })

  it('nobody from the browser writes, not even an admin', async () => {
    const { data } = await admin.from('contacts').select('id').limit(1)
    const id = (data as { id: string }[])[0]?.id
    for (const c of [admin, visitor, client()]) {
      expect(
        (await c.from('contacts').insert({ email_key: 'x@x.com', email: 'x@x.com', name: 'X', first_seen_at: 'now()', last_seen_at: 'now()' })).error?.code,
      ).toBe('42501')
      expect((await c.from('contacts').update({ name: 'Forged' }).eq('id', id)).error?.code).toBe('42501')
      expect((await c.from('contacts').delete().eq('id', id)).error?.code).toBe('42501')
    }
    // An admin may not move a lead to another contact either (only status and notes are granted).
    expect((await admin.from('leads').update({ contact_id: id }).eq('email', 'b@x.com')).error?.code).toBe('42501')
  })
})

describe('phone in E.164', () => {
  it('reads a national number in the country the buyer typed, in any of the site languages', () => {
    expect(phoneE164('0532 123 45 67', 'Türkiye')).toBe('+905321234567')
    expect(phoneE164('06 12 34 56 78', 'France')).toBe('+33612345678')
    expect(phoneE164('612 345 678', 'España')).toBe('+34612345678')
    expect(phoneE164('+44 20 7946 0958', null)).toBe('+442079460958')
  })

  it('is null when the number does not parse or the country is unknown', () => {
    expect(phoneE164('0532 123 45 67', 'Atlantis')).toBeNull()
    expect(phoneE164('12', 'DE')).toBeNull()
    expect(phoneE164(undefined, 'DE')).toBeNull()
  })
})
