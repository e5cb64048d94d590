// A row of public.leads as supabase-js returns it (JSON: timestamps are ISO strings).
//
// The TypeScript type is derived from LEAD_ROW_COLUMNS, a runtime description of the columns,
// so tests/unit/lead-row-schema.test.ts can compare it with information_schema on the migrated
// database: a column added, removed, retyped or made nullable in supabase/migrations/ without
// this file following fails that test, naming the column.

/** Postgres data_type (information_schema.columns) → the JSON value supabase-js hands us. */
type PgToTs = {
  uuid: string
  text: string
  ARRAY: string[]
  boolean: boolean
  integer: number
  'timestamp with time zone': string
}

type Col = { readonly type: keyof PgToTs; readonly nullable: boolean }

export const LEAD_ROW_COLUMNS = {
  id: { type: 'uuid', nullable: false },
  kind: { type: 'text', nullable: false },
  name: { type: 'text', nullable: false },
  email: { type: 'text', nullable: false },
  phone: { type: 'text', nullable: true },
  company: { type: 'text', nullable: true },
  country: { type: 'text', nullable: true },
  subject: { type: 'text', nullable: true },
  message: { type: 'text', nullable: true },
  products: { type: 'ARRAY', nullable: false },
  inner_diameter: { type: 'text', nullable: true },
  quantity: { type: 'text', nullable: true },
  quantity_unit: { type: 'text', nullable: true },
  process: { type: 'text', nullable: true },
  shipping_address: { type: 'text', nullable: true },
  locale: { type: 'text', nullable: false },
  page: { type: 'text', nullable: true },
  consent_contact: { type: 'boolean', nullable: false },
  consent_privacy: { type: 'boolean', nullable: false },
  consent_at: { type: 'timestamp with time zone', nullable: false },
  created_at: { type: 'timestamp with time zone', nullable: false },
  // 20261123000100_lead_intake.sql
  status: { type: 'text', nullable: false },
  notes: { type: 'text', nullable: true },
  updated_at: { type: 'timestamp with time zone', nullable: true },
  landing_page: { type: 'text', nullable: true },
  referrer: { type: 'text', nullable: true },
  utm_source: { type: 'text', nullable: true },
  utm_medium: { type: 'text', nullable: true },
  utm_campaign: { type: 'text', nullable: true },
  utm_term: { type: 'text', nullable: true },
  utm_content: { type: 'text', nullable: true },
  notification_status: { type: 'text', nullable: false },
  notification_attempts: { type: 'integer', nullable: false },
  notification_error: { type: 'text', nullable: true },
  notified_at: { type: 'timestamp with time zone', nullable: true },
  ack_skipped: { type: 'text', nullable: true },
  mails_sent: { type: 'ARRAY', nullable: false },
  notification_claimed_at: { type: 'timestamp with time zone', nullable: true },
  /** public.mailbox_key(email), generated: what the per-address acknowledgement cap counts. */
  mailbox_key: { type: 'text', nullable: true },
  // 20261129000100_lead_touches.sql
  gclid: { type: 'text', nullable: true },
  fbclid: { type: 'text', nullable: true },
  first_landing_page: { type: 'text', nullable: true },
  first_referrer: { type: 'text', nullable: true },
  first_utm_source: { type: 'text', nullable: true },
  first_utm_medium: { type: 'text', nullable: true },
  first_utm_campaign: { type: 'text', nullable: true },
  first_utm_term: { type: 'text', nullable: true },
  first_utm_content: { type: 'text', nullable: true },
  first_gclid: { type: 'text', nullable: true },
  first_fbclid: { type: 'text', nullable: true },
  consent_version: { type: 'text', nullable: true },
  consent_hash: { type: 'text', nullable: true },
  // 20261129000200_lead_contacts.sql
  /** The buyer's contact (public.contacts), set by a trigger on insert. */
  contact_id: { type: 'uuid', nullable: false },
  /** The phone in E.164, recorded by the intake function when it parses (libphonenumber-js). */
  phone_e164: { type: 'text', nullable: true },
} as const satisfies Record<string, Col>

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'uncertain', 'needs_attention'] as const
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number]

type ColumnValue<C extends Col> = C['nullable'] extends true ? PgToTs[C['type']] | null : PgToTs[C['type']]
type Columns = typeof LEAD_ROW_COLUMNS
type Narrowed = {
  kind: 'contact' | 'quote' | 'samples'
  status: LeadStatus
  notification_status: NotificationStatus
}

export type LeadRow = Omit<{ -readonly [K in keyof Columns]: ColumnValue<Columns[K]> }, keyof Narrowed> & Narrowed
export type LeadColumn = keyof LeadRow
