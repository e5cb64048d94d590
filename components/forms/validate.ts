// zod validation for the lead forms, loaded on demand.
//
// The lead schema (lib/leads/schema.ts) with zod is ~24 KB gzip, a quarter of the page budget,
// so it is imported dynamically: the form starts loading it on first focus and awaits it on
// submit. Import only TYPES from lib/leads/schema in client code; a value import pulls zod into
// the first-load bundle.
import type { Translate } from '../../lib/i18n/types'
import type { Lead, LeadKind } from '../../lib/leads/schema'
import type { ServerIssue } from '../../lib/leads/submit'

type SchemaModule = typeof import('../../lib/leads/schema')

let loading: Promise<SchemaModule> | undefined
let loaded: SchemaModule | undefined

export function loadSchema(): Promise<SchemaModule> {
  loading ??= import('../../lib/leads/schema').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = undefined // a failed chunk load may be retried on the next submit
      throw error
    },
  )
  return loading
}

/**
 * Field name (the table's column name) → translated message; the first problem per field. An
 * empty message is no error (components/forms/lead-form.tsx: a field corrected after a submit).
 */
export type FieldErrors = Record<string, string>

export type Checked = { ok: true; lead: Lead } | { ok: false; errors: FieldErrors; unknown: string[] }

/** Fields the visitor does not fill in: a problem there is a bug, not an input error. */
const SYSTEM_FIELDS = new Set(['id', 'kind', 'locale', 'page'])

export function check(schema: SchemaModule, input: Record<string, unknown>, t: Translate): Checked {
  const parsed = schema.leadSchema.safeParse(input)
  if (parsed.success) return { ok: true, lead: parsed.data }
  const errors: FieldErrors = {}
  const unknown: string[] = []
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '')
    if (!field || SYSTEM_FIELDS.has(field)) {
      unknown.push(`${field || '(form)'}: ${issue.message}`)
      continue
    }
    if (field in errors) continue
    // {max} for form.error.tooLong / tooMany: the column's limit (products: how many).
    const limit = (schema.LEAD_LIMITS as Record<string, number>)[field]
    errors[field] = t(issue.message, limit === undefined ? {} : { max: limit })
  }
  return { ok: false, errors, unknown }
}

/**
 * The server's refusals (400 "invalid", lib/leads/submit.ts) as field errors, like check():
 * the server validates with the same schema, so its messages are the same i18n keys. A problem
 * on a field this form does not show, or with a message we do not know, is a bug: `unknown`.
 */
export function serverErrors(schema: SchemaModule, issues: ServerIssue[], fields: string[], t: Translate): { errors: FieldErrors; unknown: string[] } {
  const errors: FieldErrors = {}
  const unknown: string[] = []
  const known = new Set<string>(schema.LEAD_ERROR_KEYS)
  for (const { field, message } of issues) {
    if (!fields.includes(field) || SYSTEM_FIELDS.has(field)) {
      unknown.push(`${field || '(form)'}: ${message}`)
      continue
    }
    if (field in errors) continue
    const limit = (schema.LEAD_LIMITS as Record<string, number>)[field]
    errors[field] = t(known.has(message) ? message : 'form.error.invalid', limit === undefined ? {} : { max: limit })
  }
  return { errors, unknown }
}

/** The errors of one field after an edit, once the schema is loaded (no error before submit). */
export function recheckField(field: string, input: Record<string, unknown>, t: Translate): string | undefined {
  if (!loaded) return undefined
  const result = check(loaded, input, t)
  return result.ok ? undefined : result.errors[field]
}

export type { LeadKind }
