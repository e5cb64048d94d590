// The contacts' queries: one page of contacts (latest seen first), one contact's submissions, and
// which phones other contacts share. Row level security decides what comes back (admins only).
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ContactRow } from '../../lib/leads/contact-row'
import type { LeadRow } from './lead-row'

export const CONTACTS_PAGE_SIZE = 50

/** A submission as the contact lists show it. */
export type Submission = Pick<LeadRow, 'id' | 'created_at' | 'kind' | 'status' | 'subject'>
const SUBMISSION_COLUMNS = 'id,created_at,kind,status,subject'

export async function fetchContacts(
  client: SupabaseClient,
  page: number,
  repeatOnly: boolean,
): Promise<{ rows: ContactRow[]; total: number; sharedPhones: Map<string, number> }> {
  let q = client.from('contacts').select('*', { count: 'exact' })
  if (repeatOnly) q = q.gte('submissions', 2)
  const from = page * CONTACTS_PAGE_SIZE
  const { data, error, count } = await q
    .order('last_seen_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, from + CONTACTS_PAGE_SIZE - 1)
  if (error) throw new Error(error.message)
  const rows = (data ?? []) as ContactRow[]
  return { rows, total: count ?? rows.length, sharedPhones: await sharedPhones(client, rows) }
}

/** Per phone on this page: how many contacts have it (2 or more: a hint that they may be one buyer). */
async function sharedPhones(client: SupabaseClient, rows: ContactRow[]): Promise<Map<string, number>> {
  const phones = [...new Set(rows.flatMap((r) => (r.phone_e164 ? [r.phone_e164] : [])))]
  const counts = new Map<string, number>()
  if (!phones.length) return counts
  const { data, error } = await client.from('contacts').select('phone_e164').in('phone_e164', phones)
  if (error) throw new Error(error.message)
  for (const { phone_e164 } of (data ?? []) as { phone_e164: string }[]) counts.set(phone_e164, (counts.get(phone_e164) ?? 0) + 1)
  return counts
}

/** A contact's submissions, newest first (at most 100: a buyer with more is found by email in the list). */
export async function fetchSubmissions(client: SupabaseClient, contactId: string): Promise<Submission[]> {
  const { data, error } = await client
    .from('leads')
    .select(SUBMISSION_COLUMNS)
    .eq('contact_id', contactId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .limit(100)
  if (error) throw new Error(error.message)
  return (data ?? []) as Submission[]
}
