// A row of public.leads as the admin reads it (supabase/migrations/0001_leads.sql).
import type { Lead } from '../../lib/leads/schema'

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
}

// Type check: every field any form can send is a column above (a field added to the schema
// without a column here fails to compile, naming the field).
type KeysOfEach<T> = T extends unknown ? keyof T : never
type LeadField = KeysOfEach<Lead>
export const everyLeadFieldIsAColumn: Record<Exclude<LeadField, keyof LeadRow>, never> = {}

/** Columns in the order the detail view and the CSV show them. */
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

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
/** A timestamp from the database, for people (the CSV keeps the ISO value). */
export const formatDate = (iso: string) => (iso ? dateTime.format(new Date(iso)) : '')
