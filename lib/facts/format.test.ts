// Lists and fact values in each language (lib/facts/format.ts). Expected strings are written out
// by hand: the conjunction and list punctuation each language uses.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { facts, localeInfo } from '../content/data'
import { localeSchema } from '../content/schemas'
import {
  arabicWeeks,
  COMPACT_RANGE,
  factVars,
  formatList,
  formatValueList,
  isRtl,
  knittedStitchCounts,
  offeredStitchCounts,
  productSpec,
  rangeText,
  rollLengths,
} from './format'

const LRI = '\u2066'
const PDI = '\u2069'
const strip = (s: string) => s.replace(/[\u2066-\u2069]/g, '')

describe('formatList: Intl.ListFormat in the page language', () => {
  it.each([
    ['en', '50 m and 100 m'],
    ['tr', '50 m ve 100 m'],
    ['de', '50 m und 100 m'],
    ['fr', '50 m et 100 m'],
    ['es', '50 m y 100 m'],
    ['it', '50 m e 100 m'],
    ['ar', '50 m و100 m'],
  ])('%s: two items take the conjunction, no comma: %s', (locale, expected) => {
    expect(formatList(locale, ['50 m', '100 m'])).toBe(expected)
  })
  it('three or more items: commas, then the conjunction (English with the serial comma)', () => {
    expect(formatList('en', ['A', 'B', 'C'])).toBe('A, B, and C')
    expect(formatList('de', ['A', 'B', 'C'])).toBe('A, B und C')
    expect(formatList('fr', ['A', 'B', 'C'])).toBe('A, B et C')
    expect(formatList('ar', ['أ', 'ب', 'ج'])).toBe('أ وب وج')
  })
  it('disjunction says "or"', () => {
    expect(formatList('en', ['50 m', '100 m'], 'disjunction')).toBe('50 m or 100 m')
    expect(formatList('tr', ['50 m', '100 m'], 'disjunction')).toBe('50 m veya 100 m')
    expect(formatList('es', ['50 m', '100 m'], 'disjunction')).toBe('50 m o 100 m')
  })
  it('one item stays as it is; none is empty', () => {
    expect(formatList('de', ['50 m'])).toBe('50 m')
    expect(formatList('de', [])).toBe('')
  })
})

describe('value lists keep left-to-right values in order inside Arabic', () => {
  it('each value is its own isolate in Arabic, the conjunction stays outside', () => {
    expect(formatValueList('ar', ['50 m', '100 m'])).toBe(`${LRI}50 m${PDI} و${LRI}100 m${PDI}`)
  })
  it('no bidi controls in left-to-right languages', () => {
    for (const l of ['en', 'tr', 'de', 'fr', 'es', 'it']) expect(formatValueList(l, ['50 m', '100 m'])).not.toMatch(/[\u2066-\u2069]/)
  })
  it('isRtl', () => {
    expect(isRtl('ar')).toBe(true)
    expect(isRtl('ar-SA')).toBe(true)
    expect(isRtl('en')).toBe(false)
  })
})

describe('facts as text (content/facts.yml)', () => {
  it('roll lengths: "50 m and 100 m", never "50 m, 100 m"', () => {
    expect(rollLengths(facts, 'en')).toBe('50 m and 100 m')
    expect(rollLengths(facts, 'tr')).toBe('50 m ve 100 m')
    expect(strip(rollLengths(facts, 'ar'))).toBe('50 m و100 m')
  })
  it('the stitch counts we knit are the union of the lines’ own counts, smallest first', () => {
    const lines = { products: { a: { stitches: [28, 20] }, b: { stitches: [20, 16] }, c: { stitches: [32] } } } as unknown as Pick<typeof facts, 'products'>
    expect(knittedStitchCounts(lines)).toEqual([16, 20, 28, 32])
    expect(offeredStitchCounts(lines, 'en')).toBe('16, 20, 28, and 32')
    expect(offeredStitchCounts(lines, 'de')).toBe('16, 20, 28 und 32')
    expect(strip(offeredStitchCounts(lines, 'ar'))).toBe('16 و20 و28 و32')
    // asked once per facts object, and each object gets its own counts
    const other = { products: { d: { stitches: [18] } } } as unknown as Pick<typeof facts, 'products'>
    expect(knittedStitchCounts(other)).toEqual([18])
    expect(knittedStitchCounts(lines)).toEqual([16, 20, 28, 32])
  })
  it('product spec: values isolated in Arabic only', () => {
    expect(productSpec(facts, 'pork', 'en')).toEqual({ diameter: '90–220 mm', stitches: '20 / 24 / 28', heat: '220 °C (428 °F)', rolls: '50 m and 100 m' })
    const ar = productSpec(facts, 'beef', 'ar')
    expect(ar.diameter).toBe(`${LRI}100–250 mm${PDI}`)
    expect(ar.rolls).toBe(`${LRI}50 m${PDI} و${LRI}100 m${PDI}`)
  })
  it('{countries} is the number only: each language says "more than" itself', () => {
    expect(factVars(facts, false, 'de').countries).toBe('40')
    expect(factVars(facts, false, 'fr').stitchCounts).toBe('16, 18, 20, 24, 28 et 32')
    expect(factVars(facts, false, 'it').rollLengths).toBe('50 m e 100 m')
    expect(factVars(facts, true, 'ar').countries).toBe(`${LRI}40${PDI}`)
  })
})

describe('weeks in Arabic: the noun agrees with the number', () => {
  it.each([
    [{ min: 1, max: 2 }, 'أسبوع إلى أسبوعين'],
    [{ min: 1, max: 1 }, 'أسبوع'],
    [{ min: 2, max: 2 }, 'أسبوعين'],
    [{ min: 4, max: 6 }, `${LRI}4–6${PDI} أسابيع`],
    [{ min: 2, max: 3 }, `${LRI}2–3${PDI} أسابيع`],
    [{ min: 8, max: 12 }, `${LRI}8–12${PDI} أسبوعًا`],
    [{ min: 3, max: 3 }, `${LRI}3${PDI} أسابيع`],
  ])('%o → %s', (weeks, expected) => {
    expect(arabicWeeks(weeks)).toBe(expected)
  })
  it('{leadTime} and {genericLeadTime} carry the noun in Arabic only; other languages get the range', () => {
    const ar = factVars(facts, true, 'ar')
    expect(ar.leadTime).toBe(arabicWeeks(facts.leadTimes.marketedWeeks))
    expect(ar.genericLeadTime).toBe(arabicWeeks(facts.leadTimes.genericWeeks))
    expect(ar.dispatchDays).toBe(`${LRI}5–7${PDI}`)
    expect(factVars(facts, false, 'de').leadTime).toBe('1–2')
  })
})

describe("ranges in running text: the locale's range style (content/locales.yml)", () => {
  // the placeholders as each language's running text writes them, from the locale table itself
  const vars = (code: Parameters<typeof localeInfo>[0]) => {
    const info = localeInfo(code)
    return factVars(facts, info.dir === 'rtl', code, info.range)
  }
  it.each([
    ['en', '5–7', '1–2', '4–6', '1–3', '3–5', '30–250 mm'],
    ['tr', '5–7', '1–2', '4–6', '1–3', '3–5', '30–250 mm'],
    ['de', '5 bis 7', '1 bis 2', '4 bis 6', '1 bis 3', '3 bis 5', '30 bis 250 mm'],
    ['fr', '5 à 7', '1 à 2', '4 à 6', '1 à 3', '3 à 5', '30 à 250 mm'],
    ['es', '5 a 7', '1 a 2', '4 a 6', '1 a 3', '3 a 5', '30 a 250 mm'],
    ['it', '5 a 7', '1 a 2', '4 a 6', '1 a 3', '3 a 5', '30 a 250 mm'],
  ] as const)(
    '%s: {dispatchDays} %s, {leadTime} %s, {genericLeadTime} %s, {turkeyDelivery} %s, {production} %s, {diameterRange} %s',
    (code, dispatch, lead, generic, turkey, production, diameter) => {
      const v = vars(code)
      expect([v.dispatchDays, v.leadTime, v.genericLeadTime, v.turkeyDelivery, v.production, v.diameterRange]).toEqual([
        dispatch,
        lead,
        generic,
        turkey,
        production,
        diameter,
      ])
    },
  )
  it('Arabic: the compact range in a left-to-right isolate, and the weeks with their noun', () => {
    const v = vars('ar')
    expect(v.dispatchDays).toBe(`${LRI}5–7${PDI}`)
    expect(v.diameterRange).toBe(`${LRI}30–250 mm${PDI}`)
    expect(v.production).toBe(`${LRI}3–5${PDI}`)
    expect(v.leadTime).toBe('أسبوع إلى أسبوعين')
    expect(v.genericLeadTime).toBe(`${LRI}4–6${PDI} أسابيع`)
  })
  it('spec tables keep the compact form whatever the running-text style', () => {
    expect(productSpec(facts, 'pork', 'de').diameter).toBe('90–220 mm')
    expect(productSpec(facts, 'beef', 'fr').diameter).toBe('100–250 mm')
    expect(strip(productSpec(facts, 'beef', 'ar').diameter)).toBe('100–250 mm')
  })
  it('without a style, factVars writes the compact form (a caller that knows no locale)', () => {
    expect(factVars(facts, false, 'de').dispatchDays).toBe('5–7')
    expect(rangeText({ min: 5, max: 7 }, COMPACT_RANGE)).toBe('5–7')
    expect(rangeText({ min: 30, max: 250 }, '{min} bis {max}', 'mm')).toBe('30 bis 250 mm')
  })
  it('the schema takes "{min}", words or a dash, "{max}", and nothing else', () => {
    const entry = { code: 'de', name: 'Deutsch', dir: 'ltr', ogLocale: 'de_DE' }
    expect(localeSchema.safeParse({ ...entry, range: '{min} bis {max}' }).success).toBe(true)
    expect(localeSchema.safeParse({ ...entry, range: '{min}–{max}' }).success).toBe(true)
    for (const bad of ['{max} bis {min}', '{min}{max}', 'von {min} bis {max}', '{min} bis', '{min} bis {max} mm', '{min} {x} {max}']) {
      expect(localeSchema.safeParse({ ...entry, range: bad }).success, bad).toBe(false)
    }
    expect(localeSchema.parse(entry).range).toBe(COMPACT_RANGE)
  })
  it('content/locales.yml decides the style for every locale itself', () => {
    const table = parse(readFileSync('content/locales.yml', 'utf8')) as { code: string; range?: string }[]
    expect(Object.fromEntries(table.map((l) => [l.code, l.range]))).toEqual({
      en: '{min}–{max}',
      tr: '{min}–{max}',
      de: '{min} bis {max}',
      fr: '{min} à {max}',
      es: '{min} a {max}',
      it: '{min} a {max}',
      ar: '{min}–{max}',
    })
  })
})
