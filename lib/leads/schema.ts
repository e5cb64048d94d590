// Lead form validation, shared by the three forms (contact, quote, samples).
//
// Mirror of the CHECK constraints in supabase/migrations/20260301000000_leads.sql: the database is the
// real gate (anyone can POST to the API without this code), zod is there for instant feedback.
// Change both together; tests/unit/rls.test.ts sends LEAD_LIMITS boundary values to both.
//
// Messages are i18n keys, not text: the forms translate them into all seven locales.
// Output field names are the table's column names, so a parsed lead is inserted as-is.
import { z } from 'zod'
import { LOCALE_CODES } from '../i18n/locale-codes'

// Zod probes `new Function('')` once to decide whether it may compile fast parsers; under the
// site's CSP (no 'unsafe-eval') that probe is a script-src violation on every form page, caught or
// not. jitless skips the probe and the compiled parsers; these small schemas lose nothing.
z.config({ jitless: true })

export const LEAD_ERROR_KEYS = [
  'form.error.required',
  'form.error.tooLong',
  'form.error.tooMany',
  'form.error.email',
  'form.error.phone',
  'form.error.choice',
  'form.error.product',
  'form.error.productsRequired',
  'form.error.consentRequired',
  'form.error.invalid',
] as const
export type LeadErrorKey = (typeof LEAD_ERROR_KEYS)[number]

const E = {
  required: 'form.error.required',
  tooLong: 'form.error.tooLong',
  tooMany: 'form.error.tooMany',
  email: 'form.error.email',
  phone: 'form.error.phone',
  choice: 'form.error.choice',
  product: 'form.error.product',
  productsRequired: 'form.error.productsRequired',
  consentRequired: 'form.error.consentRequired',
  invalid: 'form.error.invalid',
} as const satisfies Record<string, LeadErrorKey>

// Character counts (what Postgres char_length counts: code points, not UTF-16 units).
export const LEAD_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  company: 160,
  country: 80,
  subject: 200,
  message: 5000,
  product: 60,
  products: 20,
  inner_diameter: 40,
  quantity: 40,
  shipping_address: 500,
  page: 300,
} as const

export const LEAD_KINDS = ['contact', 'quote', 'samples'] as const
// content/locales.yml, through the generated list (the SQL check must match it: tests/unit/locale-list.test.ts).
export const LEAD_LOCALES = LOCALE_CODES
export const QUANTITY_UNITS = ['rolls', 'metres'] as const
export const PROCESSES = ['standard-cooking', 'roasting', 'smoking', 'drying'] as const

// A bare addr-spec and nothing else: a dot-atom local part (RFC 5322 atext, ASCII), one @, and a
// domain of two or more dot-separated labels (letters and digits of any script, inner hyphens),
// with no trailing dot. No display name ("x <a@b.c>"), list ("a@b.c, d"), group, quoted local
// part ("a"@b.c), comment (a(c)@b.c), IP literal or trailing dot: a mailer reads each of those as
// something other than the one mailbox stored (DESIGN.md 11). Twin of public.is_bare_email() in
// supabase/migrations/20261128000100_lead_mailbox.sql; change both together.
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]{0,61}[\\p{L}\\p{M}\\p{N}])?'
export const EMAIL_RE = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*@${LABEL}(?:\\.${LABEL})+$`, 'u')
// Same pattern as the SQL (there [[:space:]] stands for \s).
const PHONE_RE = /^\+?[0-9 ()./-]{5,}$/
const PRODUCT_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/

// Twin of public.has_visible_char() in supabase/migrations/20261123000100_lead_intake.sql:
// white space plus invisible/formatting characters (zero-width, bidi controls, BOM, soft hyphen,
// Hangul and Braille blanks, variation selectors, tag characters). A name made only of these
// looks empty in the admin and in the CSV.
const INVISIBLE =
  '\\s\\u0085\\u00a0\\u00ad\\u034f\\u061c\\u115f\\u1160\\u1680\\u17b4\\u17b5\\u180b-\\u180f\\u2000-\\u200f\\u2028-\\u202f' +
  '\\u205f-\\u2064\\u2066-\\u206f\\u2800\\u3000\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\u{e0000}-\\u{e007f}'
const VISIBLE_CHAR = new RegExp(`[^${INVISIBLE}]`, 'u')
export const hasVisibleChar = (s: string) => VISIBLE_CHAR.test(s)

// Bidi embeddings, overrides, isolates and marks: they can reverse how the rest of a line is
// shown (in the admin, a CSV, a mail), so they are removed; twin of public.has_bidi_control().
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu
export const stripBidi = (s: string) => s.replace(BIDI_CONTROLS, '')

// What no form input produces and the database cannot take: NUL (PostgreSQL text cannot hold
// it), a lone surrogate half (not Unicode; jsonb refuses it), and control characters. A field
// holding one is refused with its name, never a 500 that loses the lead. Line breaks and tabs
// are allowed only in the multi-line fields (message, shipping address); NEL and the Unicode
// line and paragraph separators count as line breaks too.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/
// search() ignores and keeps lastIndex, so the global patterns are safe to test with.
export const isStorableText = (s: string, multiline = false) =>
  s.search(LONE_SURROGATE) < 0 && s.search(multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE) < 0
/** Text no one typed on purpose (attribution from a link), made storable rather than refused: lone surrogate halves become U+FFFD, control characters go. */
export const toStorableText = (s: string) => s.replace(LONE_SURROGATE, '\ufffd').replace(CONTROL_SINGLE_LINE, '')

const codePoints = (s: string) => [...s].length
const maxChars = (max: number) => (s: string) => codePoints(s) <= max

const text = (max: number, multiline = false) =>
  z
    .string({ error: E.required })
    .overwrite(stripBidi)
    .trim()
    .refine((s) => isStorableText(s, multiline), { error: E.invalid, abort: true })
    // Also the empty string: one 'required' either way.
    .refine(hasVisibleChar, { error: E.required })
    .refine(maxChars(max), { error: E.tooLong })

// Forms submit '' for an untouched optional input; treat it as absent rather than invalid.
const blankToUndefined = (v: unknown) => (typeof v === 'string' && stripBidi(v).trim() === '' ? undefined : v)
const optionalText = (max: number, multiline = false) => z.preprocess(blankToUndefined, text(max, multiline).optional())

const email = z
  .string({ error: E.required })
  .overwrite(stripBidi)
  .trim()
  .min(1, { error: E.required })
  .refine((s) => isStorableText(s), { error: E.invalid, abort: true })
  .refine(maxChars(LEAD_LIMITS.email), { error: E.tooLong })
  .regex(EMAIL_RE, { error: E.email })

const phone = z.preprocess(
  blankToUndefined,
  z
    .string({ error: E.phone })
    .overwrite(stripBidi)
    .trim()
    .refine((s) => isStorableText(s), { error: E.invalid, abort: true })
    .refine(maxChars(LEAD_LIMITS.phone), { error: E.tooLong })
    .regex(PHONE_RE, { error: E.phone })
    .optional(),
)

const product = z.string({ error: E.product }).regex(PRODUCT_RE, { error: E.product }).refine(maxChars(LEAD_LIMITS.product), { error: E.product })
const products = z.array(product, { error: E.invalid }).max(LEAD_LIMITS.products, { error: E.tooMany })
const requiredProducts = products.min(1, { error: E.productsRequired })

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: E.choice })
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blankToUndefined, choice(values).optional())

const consentGiven = z.literal(true, { error: E.consentRequired })

// Twins of the CHECKs in supabase/migrations/20261129000100_lead_touches.sql.
export const CONSENT_VERSION_RE = /^[0-9a-f]{12}$/
export const CONSENT_HASH_RE = /^[0-9a-f]{64}$/
/** Each attribution value, in code points (the columns' char_length limit). */
export const ATTRIBUTION_MAX = 500
/** Google's and Meta's click ids are URL-safe base64-like tokens; anything else is no click id. */
export const CLICK_ID_RE = /^[A-Za-z0-9_.-]{1,255}$/

const touchText = z.string({ error: E.invalid }).refine(maxChars(ATTRIBUTION_MAX), { error: E.tooLong }).optional()
const clickId = z.string({ error: E.invalid }).regex(CLICK_ID_RE, { error: E.invalid }).optional()
/**
 * One touch (a visit's landing page, referrer, utm_* and click ids), as the browser sends it for
 * the last and the first visit (lib/leads/attribution.ts cuts and filters to these rules, so a
 * refusal means a request our pages did not make). Unknown keys are refused too.
 */
export const touchSchema = z.strictObject(
  {
    landingPage: touchText,
    referrer: touchText,
    utmSource: touchText,
    utmMedium: touchText,
    utmCampaign: touchText,
    utmTerm: touchText,
    utmContent: touchText,
    gclid: clickId,
    fbclid: clickId,
  },
  { error: E.invalid },
)
export type Touch = z.output<typeof touchSchema>

const common = {
  id: z.uuid({ error: E.invalid }),
  name: text(LEAD_LIMITS.name),
  email,
  phone,
  company: optionalText(LEAD_LIMITS.company),
  country: optionalText(LEAD_LIMITS.country),
  message: optionalText(LEAD_LIMITS.message, true),
  products: products.default([]),
  locale: z.enum(LEAD_LOCALES, { error: E.invalid }),
  page: z.preprocess(
    blankToUndefined,
    z
      .string({ error: E.invalid })
      .overwrite(stripBidi)
      .refine((s) => isStorableText(s), { error: E.invalid, abort: true })
      .refine(maxChars(LEAD_LIMITS.page), { error: E.tooLong })
      .optional(),
  ),
  consent_privacy: consentGiven,
  consent_contact: z.boolean({ error: E.invalid }).default(false),
  // The consent text the form showed (lib/leads/consent-record.ts). Optional: a page built before
  // the record existed still sends its lead; then both are absent (the SQL checks both or neither).
  consent_version: z.string({ error: E.invalid }).regex(CONSENT_VERSION_RE, { error: E.invalid }).optional(),
  consent_hash: z.string({ error: E.invalid }).regex(CONSENT_HASH_RE, { error: E.invalid }).optional(),
}

export const contactLeadSchema = z.object({
  ...common,
  kind: z.literal('contact'),
  subject: text(LEAD_LIMITS.subject),
  message: text(LEAD_LIMITS.message, true),
  consent_contact: consentGiven,
})

// A quantity is what a quote is priced on: it must name an amount above zero. Free text (the
// form suggests digits; "200", "1,500" and "about 300" all pass), refused when it starts with a
// minus sign or holds no digit other than 0 ("0", "0.00", "-5", "none").
export const isPositiveQuantity = (s: string) => !/^[-\u2212\u2012-\u2014]/.test(s.trim()) && /[1-9\u0661-\u0669\u06f1-\u06f9]/.test(s)

export const quoteLeadSchema = z.object({
  ...common,
  kind: z.literal('quote'),
  company: text(LEAD_LIMITS.company),
  country: text(LEAD_LIMITS.country),
  products: requiredProducts,
  inner_diameter: optionalText(LEAD_LIMITS.inner_diameter),
  quantity: text(LEAD_LIMITS.quantity).refine(isPositiveQuantity, { error: E.invalid }),
  quantity_unit: choice(QUANTITY_UNITS),
  process: optionalChoice(PROCESSES),
})

export const samplesLeadSchema = z.object({
  ...common,
  kind: z.literal('samples'),
  company: text(LEAD_LIMITS.company),
  products: requiredProducts,
  inner_diameter: optionalText(LEAD_LIMITS.inner_diameter),
  process: optionalChoice(PROCESSES),
  shipping_address: text(LEAD_LIMITS.shipping_address, true),
})

export const leadSchema = z.discriminatedUnion('kind', [contactLeadSchema, quoteLeadSchema, samplesLeadSchema], { error: E.invalid })

export type LeadInput = z.input<typeof leadSchema>
export type Lead = z.output<typeof leadSchema>
export type LeadKind = (typeof LEAD_KINDS)[number]
export type LeadLocale = (typeof LEAD_LOCALES)[number]
