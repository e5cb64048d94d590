import { describe, expect, it } from 'vitest'
import { LEAD_ERROR_KEYS, LEAD_LIMITS, leadSchema } from './schema'

const base = {
  id: '6f1c1f3e-3a0b-4c7e-9d55-1b2f8a9c0d11',
  name: 'Ayşe Yılmaz',
  email: 'ayse@example.com',
  locale: 'tr',
  consent_privacy: true,
}
const contact = { ...base, kind: 'contact', subject: 'Roll lengths', message: 'Do you ship 50 m rolls?', consent_contact: true }
const quote = {
  ...base,
  kind: 'quote',
  company: 'Et Ltd',
  country: 'Türkiye',
  products: ['beef', 'sausage-salami'],
  quantity: '200',
  quantity_unit: 'rolls',
  process: 'smoking',
}
const samples = { ...base, kind: 'samples', company: 'Et Ltd', products: ['pork'], shipping_address: 'Main St 1, Izmir' }

// The key of every issue, so assertions read like the form would.
function keysOf(input: unknown): string[] {
  const r = leadSchema.safeParse(input)
  return r.success ? [] : r.error.issues.map((i) => i.message)
}

describe('leadSchema accepts', () => {
  it.each([
    ['contact', contact],
    ['quote', quote],
    ['samples', samples],
  ])('a complete %s lead', (_, input) => {
    expect(keysOf(input)).toEqual([])
  })

  it('trims text and drops blank optional fields', () => {
    const out = leadSchema.parse({ ...contact, name: '  Ayşe  ', phone: '  ', company: '' })
    expect(out.name).toBe('Ayşe')
    expect(out).not.toHaveProperty('phone', '')
    expect(out.phone).toBeUndefined()
    expect(out.company).toBeUndefined()
    expect(out.products).toEqual([])
  })

  it('counts characters, not UTF-16 units, at the limit', () => {
    const emoji = '😀'.repeat(LEAD_LIMITS.name)
    expect(keysOf({ ...contact, name: emoji })).toEqual([])
  })

  it('a phone with international punctuation', () => {
    expect(keysOf({ ...contact, phone: '+90 (212) 555-12.12' })).toEqual([])
  })
})

describe('leadSchema rejects', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['malformed email', { ...contact, email: 'ayse@example' }, 'form.error.email'],
    ['missing privacy consent', { ...contact, consent_privacy: false }, 'form.error.consentRequired'],
    ['contact without contact consent', { ...contact, consent_contact: false }, 'form.error.consentRequired'],
    ['oversized message', { ...contact, message: 'x'.repeat(LEAD_LIMITS.message + 1) }, 'form.error.tooLong'],
    ['blank name', { ...contact, name: '   ' }, 'form.error.required'],
    ['contact without subject', { ...contact, subject: undefined }, 'form.error.required'],
    ['quote without products', { ...quote, products: [] }, 'form.error.productsRequired'],
    ['quote without quantity unit', { ...quote, quantity_unit: undefined }, 'form.error.choice'],
    ['a quantity of 0', { ...quote, quantity: '0' }, 'form.error.invalid'],
    ['a quantity of 0.00', { ...quote, quantity: '0.00' }, 'form.error.invalid'],
    ['a negative quantity', { ...quote, quantity: '-5' }, 'form.error.invalid'],
    ['a quantity with a minus sign', { ...quote, quantity: '\u22125' }, 'form.error.invalid'],
    ['a quantity with no amount', { ...quote, quantity: 'none' }, 'form.error.invalid'],
    ['an email with a display name', { ...contact, email: 'x<ayse@example.com>' }, 'form.error.email'],
    ['an email with a trailing-dot domain', { ...contact, email: 'ayse@example.com.' }, 'form.error.email'],
    ['quote with an unknown process', { ...quote, process: 'boiling' }, 'form.error.choice'],
    ['quote without country', { ...quote, country: '' }, 'form.error.required'],
    ['samples without address', { ...samples, shipping_address: '' }, 'form.error.required'],
    ['a product id that is not a slug', { ...samples, products: ['Pork Netting'] }, 'form.error.product'],
    ['too many products', { ...samples, products: Array(LEAD_LIMITS.products + 1).fill('pork') }, 'form.error.tooMany'],
    ['letters in the phone', { ...contact, phone: 'call me' }, 'form.error.phone'],
    ['an unknown locale', { ...contact, locale: 'pt' }, 'form.error.invalid'],
    ['an id that is not a uuid', { ...contact, id: '42' }, 'form.error.invalid'],
    ['a wrong kind', { ...contact, kind: 'newsletter' }, 'form.error.invalid'],
  ])('%s', (_, input, key) => {
    expect(keysOf(input)).toContain(key)
  })
})

describe('error messages', () => {
  it('are only i18n keys from LEAD_ERROR_KEYS', () => {
    const bad = [
      {},
      { kind: 'contact' },
      { kind: 'quote', products: 'beef', consent_privacy: 'yes', consent_contact: 1, page: 7 },
      { ...samples, name: 5, email: null, phone: 12, inner_diameter: 'x'.repeat(41), process: 'x' },
      null,
      'lead',
    ]
    for (const input of bad) {
      for (const key of keysOf(input)) expect(LEAD_ERROR_KEYS).toContain(key)
    }
  })
})

// Twins of public.has_visible_char() / has_bidi_control() (20261123000100_lead_intake.sql).
describe('invisible text and bidi controls', () => {
  it.each([
    ['spaces and a no-break space', ' \u00a0 '],
    ['an ideographic space', '\u3000'],
    ['zero-width characters', '\u200b\u200c\u200d\u2060\ufeff'],
    ['a Hangul filler and a Braille blank', '\u3164\u2800'],
    ['bidi controls only', '\u202e\u2066\u2069'],
  ])('a name of %s is required', (_label, name) => {
    expect(keysOf({ ...contact, name })).toEqual(['form.error.required'])
    expect(keysOf({ ...contact, message: name })).toEqual(['form.error.required'])
  })

  it('strips bidi controls from text, keeping the rest', () => {
    const r = leadSchema.parse({ ...contact, name: '\u202eAyşe\u202c Yılmaz\u200f', message: 'a\u2067b\u2069c' })
    expect(r.name).toBe('Ayşe Yılmaz')
    expect(r.message).toBe('abc')
  })

  it('keeps Arabic and joiners inside real text', () => {
    expect(leadSchema.parse({ ...contact, name: 'محمد علي' }).name).toBe('محمد علي')
    expect(leadSchema.parse({ ...contact, name: 'a\u200db' }).name).toBe('a\u200db')
  })
})
