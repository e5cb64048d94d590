// A row of public.leads as the admin reads it (supabase/migrations/: 0001_leads.sql plus the
// intake and inbox columns of 20261123000100 and 20261123000200).
import type { Lead } from '../../lib/leads/schema'
import type { ValueLabels } from '../../lib/pages/admin'

export type LeadRow = {
  id: string
  kind: Lead['kind']
  name: string
  email: string
  phone: string | null
  company: string | null
  country: string | null
  subject: string | null
  message: string | null
  products: string[] | null
  inner_diameter: string | null
  quantity: string | null
  quantity_unit: string | null
  process: string | null
  shipping_address: string | null
  locale: string
  page: string | null
  consent_contact: boolean
  consent_privacy: boolean
  consent_at: string | null
  created_at: string
  status: LeadStatus
  notes: string | null
  updated_at: string | null
  landing_page: string | null
  referrer: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  // 20261129000100_lead_touches.sql: click ids, the first touch, the consent on record.
  gclid: string | null
  fbclid: string | null
  first_landing_page: string | null
  first_referrer: string | null
  first_utm_source: string | null
  first_utm_medium: string | null
  first_utm_campaign: string | null
  first_utm_term: string | null
  first_utm_content: string | null
  first_gclid: string | null
  first_fbclid: string | null
  consent_version: string | null
  consent_hash: string | null
  /** The lead's mails together (public.lead_mails_rollup): the worst state of the two. */
  notification_status: 'pending' | 'sent' | 'failed' | 'uncertain' | 'needs_attention'
  notification_attempts: number
  notification_error: string | null
  notified_at: string | null
  /** Why the buyer's acknowledgement was not sent: the per-mailbox or per-network cap ('hourly_limit': the site-wide budget of older leads). */
  ack_skipped: 'recipient_limit' | 'client_limit' | 'hourly_limit' | null
  /** Which of the two mails went out ('sales', 'ack'). */
  mails_sent: string[]
  notification_claimed_at: string | null
  /** The buyer's contact (20261129000200_lead_contacts.sql) and the phone in E.164 when it parsed. */
  contact_id: string
  phone_e164: string | null
}

/** Pending this long after arrival (or after the last try began), a lead's mail is stuck. */
export const STUCK_AFTER_MS = 10 * 60 * 1000

/** Stuck: still pending well after its last try began (the worker stopped; the retry job has not run yet). */
export const isStuck = (row: Pick<LeadRow, 'notification_status' | 'notification_claimed_at' | 'created_at'>, now = Date.now()) =>
  row.notification_status === 'pending' && now - Date.parse(row.notification_claimed_at ?? row.created_at) > STUCK_AFTER_MS

export const ACK_SKIPPED_LABELS: Record<NonNullable<LeadRow['ack_skipped']>, string> = {
  recipient_limit: 'the address already received 3 acknowledgements in 24 hours (anti-abuse cap)',
  client_limit: 'the network this lead came from already triggered 10 acknowledgements in 24 hours (anti-abuse cap)',
  hourly_limit: 'the site reached its hourly acknowledgement budget (anti-abuse cap)',
}

/** The sales pipeline, in order (the CHECK constraint's list). */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]
/** The kinds of lead as people call them ("Quote lead from …"), not as the database stores them. */
export const KIND_LABELS: Record<LeadRow['kind'], string> = { contact: 'Contact', quote: 'Quote', samples: 'Samples' }

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
}
/** Staff notes limit (CHECK leads_notes_check). */
export const NOTES_MAX = 10000

// Type check: every field any form can send is a column above (a field added to the schema
// without a column here fails to compile, naming the field).
type KeysOfEach<T> = T extends unknown ? keyof T : never
type LeadField = KeysOfEach<Lead>
export const everyLeadFieldIsAColumn: Record<Exclude<LeadField, keyof LeadRow>, never> = {}

/** Columns in the order the detail view and the CSV show them (the inbox's columns after the
 *  buyer's, so the first columns of older exports keep their place). */
export const LEAD_COLUMNS = [
  'created_at',
  'kind',
  'name',
  'email',
  'phone',
  'company',
  'country',
  'subject',
  'message',
  'products',
  'inner_diameter',
  'quantity',
  'quantity_unit',
  'process',
  'shipping_address',
  'locale',
  'page',
  'consent_contact',
  'consent_privacy',
  'consent_at',
  'status',
  'notes',
  'landing_page',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'first_landing_page',
  'first_referrer',
  'first_utm_source',
  'first_utm_medium',
  'first_utm_campaign',
  'first_utm_term',
  'first_utm_content',
  'first_gclid',
  'first_fbclid',
  'consent_version',
  'consent_hash',
  'notification_status',
  'notified_at',
  'id',
] as const satisfies readonly (keyof LeadRow)[]

export const COLUMN_LABELS: Record<(typeof LEAD_COLUMNS)[number], string> = {
  created_at: 'Received',
  kind: 'Kind',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  country: 'Country',
  subject: 'Subject',
  message: 'Message',
  products: 'Products',
  inner_diameter: 'Inner diameter or size',
  quantity: 'Quantity',
  quantity_unit: 'Unit',
  process: 'Process',
  shipping_address: 'Shipping address',
  locale: 'Language',
  page: 'Page',
  consent_contact: 'Contact consent',
  consent_privacy: 'Privacy consent',
  consent_at: 'Consent given at',
  status: 'Status',
  notes: 'Internal notes',
  landing_page: 'Landing page',
  referrer: 'Referrer',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  utm_term: 'utm_term',
  utm_content: 'utm_content',
  gclid: 'gclid',
  fbclid: 'fbclid',
  first_landing_page: 'First landing page',
  first_referrer: 'First referrer',
  first_utm_source: 'First utm_source',
  first_utm_medium: 'First utm_medium',
  first_utm_campaign: 'First utm_campaign',
  first_utm_term: 'First utm_term',
  first_utm_content: 'First utm_content',
  first_gclid: 'First gclid',
  first_fbclid: 'First fbclid',
  consent_version: 'Consent text version',
  consent_hash: 'Consent text SHA-256',
  notification_status: 'Notification',
  notified_at: 'Notified at',
  id: 'Lead id',
}

/** A cell as plain text (never HTML): lists joined, booleans as yes/no, absent as empty. */
export function cellText(row: LeadRow, column: (typeof LEAD_COLUMNS)[number]): string {
  const value = row[column]
  if (value === null || value === undefined) return ''
  if (Array.isArray(value)) return value.join('; ')
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  return String(value)
}

/**
 * A cell as the detail view shows it: like cellText, with product, unit and process ids as
 * their English names. An id the content no longer names (a retired product) stays as stored.
 */
export function detailText(row: LeadRow, column: (typeof LEAD_COLUMNS)[number], labels: ValueLabels): string {
  const name = (names: Record<string, string>, id: string) => names[id] ?? id
  if (column === 'products') return (row.products ?? []).map((id) => name(labels.products, id)).join('; ')
  if (column === 'quantity_unit' || column === 'process') return row[column] ? name(labels[column], row[column]) : ''
  return cellText(row, column)
}

// In the browser's own time zone, and saying which: staff in Istanbul and in Hamburg read the
// same lead, and a time without its zone is a guess. timeZoneName cannot be combined with
// dateStyle/timeStyle, hence the parts.
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
})
/** A timestamp from the database, for people: "23 Nov 2026, 10:05 CET" (the CSV keeps the ISO value). */
export const formatDate = (iso: string) => (iso ? dateTime.format(new Date(iso)) : '')
