// Everything a lead form does when it is used rather than shown: validate (zod, ./validate.ts),
// run the captcha, send (lib/leads/submit.ts), turn the answer into what the form shows, and
// keep the draft (lib/leads/draft.ts). Loaded on the form's first focus (components/forms/
// lead-form.tsx), never on first load: a form page's first load stays close to React's own size.
import type { Translate } from '../../lib/i18n/types'
import { clearDraft, loadDraft, saveDraft } from '../../lib/leads/draft'
import type { LeadKind } from '../../lib/leads/schema'
import { readAttribution, readFirstTouch, submitLead } from '../../lib/leads/submit'
import type { ConsentRecord } from '../../lib/leads/consent-record'
import { supabaseAnonKey, supabaseUrl } from '../../lib/supabase/config'
import type { Values } from './form-context'
import { check, loadSchema, recheckField, serverErrors, type FieldErrors } from './validate'

export { loadSchema } from './validate'

/** crypto.randomUUID needs a secure context (https or localhost); a v4 UUID by hand otherwise. */
function newLeadId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** The fields of `values` that differ from the form's initial state. */
function changedFrom(initial: Values, values: Values): Values {
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(initial[k])))
}

/**
 * Start values after hydration: what was typed before hydration wins, then the draft of an
 * earlier attempt in this tab, then the link's prefill (a product chosen on a product page is
 * added to the draft's products rather than lost). The draft and the prefill arrive a moment
 * after hydration; the field the buyer is in by then (`focused`, a field name) keeps what it
 * holds, so text being typed is never replaced or appended to.
 */
export function startValues(
  initial: Values,
  typed: Values,
  draft: Values | undefined,
  prefill: Values | undefined,
  focused = (globalThis.document?.activeElement as HTMLInputElement | null | undefined)?.name,
): Values {
  const merged: Values = { ...initial, ...prefill }
  for (const [k, v] of Object.entries(changedFrom(initial, draft ?? {}))) {
    const p = merged[k]
    merged[k] = Array.isArray(v) && Array.isArray(p) ? [...new Set([...v, ...p])] : v
  }
  const out = { ...merged, ...changedFrom(initial, typed) }
  if (focused && focused in typed) out[focused] = typed[focused]!
  return out
}

export type Outcome = {
  status: 'idle' | 'success' | 'error'
  /** The alert's message key when status is 'error'. */
  alert: string
  /** Field errors to show (set whenever validation or the server looked at the fields). */
  errors?: FieldErrors
  /** Move focus to the first invalid field. */
  focus?: boolean
}

/** The lead's id: generated once per filled-in form, kept with the draft, reused on every retry. */
export type LeadId = { current: string | null }

/** What the form knows of its lead besides the fields; `initial` names the form's fields. */
export type LeadContext = { kind: LeadKind; locale: string; leadId: LeadId; initial: Values; consent?: ConsentRecord }

/** The values of an earlier attempt in this tab (lib/leads/draft.ts), if any; its lead id is reused. */
export function restoreDraft(storage: Storage | null, { kind, initial, leadId }: LeadContext): Values | undefined {
  const draft = storage ? loadDraft(storage, kind, initial) : undefined
  if (draft?.id) leadId.current ??= draft.id
  return draft?.values
}

/** The values with id, kind, locale and page: what the schema validates. */
function leadInput(values: Values, { kind, locale, leadId, consent }: LeadContext): Record<string, unknown> {
  return { ...values, ...consent, id: (leadId.current ??= newLeadId()), kind, locale, page: window.location.pathname.slice(0, 300) }
}

/** The error of one field after an edit, once a submit has shown errors (./validate.ts). */
export const recheck = (field: string, values: Values, lead: LeadContext, t: Translate) => recheckField(field, leadInput(values, lead), t)

type Send = LeadContext & {
  values: Values
  honeypot: string
  storage: Storage | null
  /** localStorage: the first touch, read only while the cookie choice is "accepted". */
  local?: Storage | null
  captchaToken: () => Promise<string | undefined>
  t: Translate
}

export async function sendLead({ values, honeypot, storage, local, captchaToken, t, ...lead }: Send): Promise<Outcome> {
  const { kind, initial } = lead
  const schema = await loadSchema()
  const result = check(schema, leadInput(values, lead), t)
  if (!result.ok) {
    if (result.unknown.length) console.error(`components/forms: the ${kind} form sent invalid system fields: ${result.unknown.join('; ')}`)
    return Object.keys(result.errors).length
      ? { status: 'idle', alert: '', errors: result.errors, focus: true }
      : { status: 'error', alert: 'form.sendError', errors: result.errors }
  }
  // The id goes into the draft before the request: a reload after a lost answer retries it.
  saveDraft(storage, kind, { id: result.lead.id, values })
  const token = await captchaToken() // rejects if the visitor fails or closes the challenge
  const answer = await submitLead(
    {
      lead: result.lead,
      captchaToken: token,
      website: honeypot,
      attribution: storage ? readAttribution(storage) : undefined,
      firstTouch: local ? readFirstTouch(local) : undefined,
    },
    { url: supabaseUrl, anonKey: supabaseAnonKey },
  )
  switch (answer.kind) {
    case 'stored':
      if (storage) clearDraft(storage, kind)
      return { status: 'success', alert: '', errors: {} }
    case 'rate-limited':
      return { status: 'error', alert: 'form.rateLimited', errors: {} }
    case 'captcha':
      return { status: 'error', alert: 'form.captchaError', errors: {} }
    case 'invalid': {
      // The form's fields, to tell a field problem from a bug.
      const mapped = serverErrors(schema, answer.issues, Object.keys(initial), t)
      if (mapped.unknown.length) console.error(`components/forms: the server refused the ${kind} lead: ${mapped.unknown.join('; ')}`)
      return Object.keys(mapped.errors).length
        ? { status: 'idle', alert: '', errors: mapped.errors, focus: true }
        : { status: 'error', alert: 'form.error.invalid', errors: {} }
    }
    default:
      return { status: 'error', alert: 'form.sendError', errors: {} }
  }
}
