// A row of public.contacts (supabase/migrations/20261129000200_lead_contacts.sql) as supabase-js
// returns it. Like LEAD_ROW_COLUMNS in row.ts, a runtime description that
// tests/unit/lead-contacts.test.ts compares with information_schema on the migrated database.
export const CONTACT_ROW_COLUMNS = {
  id: { type: 'uuid', nullable: false },
  /** public.contact_email_key(email): trimmed, lower-cased; one contact per key. */
  email_key: { type: 'text', nullable: false },
  /** The latest submission's email, name and company, as typed. */
  email: { type: 'text', nullable: false },
  name: { type: 'text', nullable: false },
  company: { type: 'text', nullable: true },
  /** The latest submission's phone that parsed, in E.164. A hint: it merges nothing. */
  phone_e164: { type: 'text', nullable: true },
  first_seen_at: { type: 'timestamp with time zone', nullable: false },
  last_seen_at: { type: 'timestamp with time zone', nullable: false },
  submissions: { type: 'integer', nullable: false },
} as const

export type ContactRow = {
  id: string
  email_key: string
  email: string
  name: string
  company: string | null
  phone_e164: string | null
  first_seen_at: string
  last_seen_at: string
  submissions: number
}

// Type check: ContactRow names exactly the described columns.
export const everyContactColumnIsTyped: Record<Exclude<keyof typeof CONTACT_ROW_COLUMNS, keyof ContactRow>, never> &
  Record<Exclude<keyof ContactRow, keyof typeof CONTACT_ROW_COLUMNS>, never> = {}
