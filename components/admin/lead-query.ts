// The admin list's query, built once and used for both the visible page and the CSV export, so
// the export is exactly the filtered set. Everything runs in the database (PostgREST filters,
// order, range, Prefer: count=exact): the browser never holds more than one page, whatever the
// table's size. supabase/migrations/20261123000200_lead_inbox.sql has the matching indexes.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { LeadRow, LeadStatus } from './lead-row'

export const PAGE_SIZE = 50
/** Rows per request when exporting: PostgREST's usual max-rows is 1000. */
export const EXPORT_BATCH = 1000

export type LeadFilters = {
  status: LeadStatus | ''
  kind: string
  locale: string
  /** Exact country as the buyer typed it. */
  country: string
  /** A product id (leads whose products contain it). */
  product: string
  /** yyyy-mm-dd, inclusive, in UTC. */
  from: string
  to: string
  /** Free text over name, email, company, country, subject and message. */
  search: string
}

export const NO_FILTERS: LeadFilters = { status: '', kind: '', locale: '', country: '', product: '', from: '', to: '', search: '' }

export type LeadSort = 'newest' | 'oldest' | 'name' | 'company' | 'status'
export const SORTS: Record<LeadSort, { label: string; column: string; ascending: boolean }> = {
  newest: { label: 'Newest first', column: 'created_at', ascending: false },
  oldest: { label: 'Oldest first', column: 'created_at', ascending: true },
  name: { label: 'Name A–Z', column: 'name', ascending: true },
  company: { label: 'Company A–Z', column: 'company', ascending: true },
  status: { label: 'Status', column: 'status', ascending: true },
}

/** The columns the table shows (the detail view and the CSV read every column). */
export const LIST_COLUMNS = 'id,created_at,kind,name,company,email,country,locale,status,notification_status'

export const SEARCH_COLUMNS = ['name', 'email', 'company', 'country', 'subject', 'message'] as const

/**
 * A PostgREST or=() filter matching the text anywhere in the search columns, case-insensitively.
 * The text is one double-quoted value: commas, dots and parentheses in it stay literal. LIKE's
 * own wildcards (% _) and PostgREST's (*) are escaped or dropped so the text matches as typed.
 */
export function searchFilter(text: string): string | null {
  const words = text.replace(/\*/g, ' ').replace(/\s+/g, ' ').trim()
  if (!words) return null
  const like = words.replace(/[\\%_]/g, (c) => `\\${c}`)
  const quoted = `"*${like.replace(/[\\"]/g, (c) => `\\${c}`)}*"`
  return SEARCH_COLUMNS.map((c) => `${c}.ilike.${quoted}`).join(',')
}

/** yyyy-mm-dd of a date input → the ISO bounds of that UTC day. */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`
export const dayEnd = (day: string) => `${day}T23:59:59.999Z`

// postgrest-js's builder types are too deep for TypeScript to follow through these helpers
// (TS2589); this is the part of the builder they use.
type Query = PromiseLike<{ data: unknown[] | null; error: { message: string } | null; count: number | null }> & {
  eq(column: string, value: unknown): Query
  contains(column: string, value: unknown): Query
  gte(column: string, value: unknown): Query
  lte(column: string, value: unknown): Query
  or(filters: string): Query
  order(column: string, options: { ascending: boolean; nullsFirst?: boolean }): Query
  range(from: number, to: number): Query
}

const counted = (client: SupabaseClient, columns: string) => client.from('leads').select(columns, { count: 'exact' }) as unknown as Query

export function applyFilters(query: Query, f: LeadFilters): Query {
  let q = query
  if (f.status) q = q.eq('status', f.status)
  if (f.kind) q = q.eq('kind', f.kind)
  if (f.locale) q = q.eq('locale', f.locale)
  if (f.country.trim()) q = q.eq('country', f.country.trim())
  if (f.product) q = q.contains('products', [f.product])
  if (f.from) q = q.gte('created_at', dayStart(f.from))
  if (f.to) q = q.lte('created_at', dayEnd(f.to))
  const search = searchFilter(f.search)
  if (search) q = q.or(search)
  return q
}

export type LeadPage = { rows: LeadRow[]; total: number }

function ordered(q: Query, sort: LeadSort): Query {
  const s = SORTS[sort]
  // id breaks ties, so a lead never appears on two pages or on none. Postgres's default null
  // placement and an id direction opposite to an ascending sort keep "newest first" and
  // "oldest first" on the (created_at desc, id) index, read forwards or backwards: no sort of
  // the whole table per page, which at 100,000 leads is what makes paging slow.
  return q.order(s.column, { ascending: s.ascending }).order('id', { ascending: !s.ascending })
}

/** One page (0-based) and the true total of the filtered set. */
export async function fetchPage(client: SupabaseClient, f: LeadFilters, sort: LeadSort, page: number): Promise<LeadPage> {
  const from = page * PAGE_SIZE
  const q = ordered(applyFilters(counted(client, LIST_COLUMNS), f), sort).range(from, from + PAGE_SIZE - 1)
  const { data, error, count } = await q
  if (error) throw new Error(error.message)
  return { rows: (data ?? []) as unknown as LeadRow[], total: count ?? 0 }
}

/**
 * Every row of the filtered set, every column, EXPORT_BATCH at a time, in the list's order.
 * Sorted by date, each batch continues after the previous one's last row (keyset: constant cost
 * per batch); other sorts page by offset. Only the first request counts.
 */
export async function fetchAll(client: SupabaseClient, f: LeadFilters, sort: LeadSort, onProgress?: (done: number, total: number) => void): Promise<LeadRow[]> {
  const s = SORTS[sort]
  const keyset = s.column === 'created_at'
  const rows: LeadRow[] = []
  let total = 0
  // Leads arriving during the export would shift the pages; the export is the set as it was.
  const asOf = new Date().toISOString()
  for (let first = true; ; first = false) {
    const select = first ? counted(client, '*') : (client.from('leads').select('*') as unknown as Query)
    let q = applyFilters(select, f).lte('created_at', asOf)
    const last = rows.at(-1)
    if (keyset && last) {
      // Timestamps hold ":" "." "+": quoted, as PostgREST's logic trees require.
      const at = `"${last.created_at}"`
      q = q.or(s.ascending ? `created_at.gt.${at},and(created_at.eq.${at},id.lt.${last.id})` : `created_at.lt.${at},and(created_at.eq.${at},id.gt.${last.id})`)
    }
    const from = keyset ? 0 : rows.length
    const { data, error, count } = await ordered(q, sort).range(from, from + EXPORT_BATCH - 1)
    if (error) throw new Error(error.message)
    if (first) total = count ?? 0
    const batch = (data ?? []) as unknown as LeadRow[]
    rows.push(...batch)
    onProgress?.(rows.length, total)
    if (batch.length < EXPORT_BATCH) break
  }
  return rows
}

/** One lead with every column, or null when it does not exist or this session may not read it. */
export async function fetchLead(client: SupabaseClient, id: string): Promise<LeadRow | null> {
  const { data, error } = await client.from('leads').select('*').eq('id', id).maybeSingle()
  if (error) throw new Error(error.message)
  return (data as LeadRow | null) ?? null
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The lead id of a deep link such as /en/admin/#lead=<uuid> (the sales mail links there). */
export function leadIdFromHash(hash: string): string | null {
  const id = new URLSearchParams(hash.replace(/^#/, '')).get('lead')
  return id && UUID.test(id) ? id.toLowerCase() : null
}
