// Renders the shared technical facts (content/facts.yml) as text. Numbers and units are
// language-neutral, so every locale shows the same values; in right-to-left text each value is
// wrapped in a left-to-right isolate so "90–220 mm" never reorders around Arabic words.
// Lists ("50 m and 100 m", "50 m و100 m") go through Intl.ListFormat in the page's language
// (lib/i18n/format.ts).
import type { Facts } from '../../.velite/index.js'
import { formatList as listIn, memoFormatter } from '../i18n/format'

const RTL = new Set(['ar', 'he', 'fa', 'ur'])
export const isRtl = (locale: string) => RTL.has(locale.split('-')[0]!)

type Range = { min: number; max: number }
export type SpecField = 'diameter' | 'stitches' | 'heat' | 'rolls'

/** The compact form for spec tables, data-sheet cells and charts: "90–220 mm" in every locale. */
export const range = ({ min, max }: Range, unit = '') => `${min}–${max}${unit ? ` ${unit}` : ''}`

/** The range template of content/locales.yml where a locale gives none: the compact form. */
export const COMPACT_RANGE = '{min}–{max}'

/**
 * A range in running text, written the way the locale's `range` template in content/locales.yml
 * says: rangeText({ min: 5, max: 7 }, '{min} bis {max}') → "5 bis 7"; with a unit, "30 bis
 * 250 mm". The words around it ("von", "de", "da") are the text's own.
 */
export const rangeText = ({ min, max }: Range, template: string, unit = '') =>
  `${template.replace('{min}', String(min)).replace('{max}', String(max))}${unit ? ` ${unit}` : ''}`
export const celsiusToFahrenheit = (c: number) => Math.round((c * 9) / 5 + 32)
export const heat = (c: number) => `${c} °C (${celsiusToFahrenheit(c)} °F)`

/** U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`

/** U+2066 … U+2069 only where needed: in a right-to-left locale. */
const ltrIn = (locale: string) => (text: string) => (isRtl(locale) ? isolateLtr(text) : text)

/**
 * A list in the locale's words and punctuation: formatList('en', ['50 m', '100 m']) →
 * "50 m and 100 m"; 'de' → "50 m und 100 m"; 'ar' → "50 m و100 m". `type` 'disjunction'
 * gives "or". Items are used as given (isolate them first when they are left-to-right values in
 * a right-to-left locale; see formatValueList).
 */
export function formatList(locale: string, items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return listIn([...items], locale, { type })
}

/** A list of language-neutral values (units, standards): each isolated left-to-right in a
 *  right-to-left locale, so "50 m و100 m" keeps its order inside Arabic text. */
export function formatValueList(locale: string, values: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return formatList(locale, values.map(ltrIn(locale)), type)
}

/** The standard roll lengths as a list: "50 m and 100 m". */
export const rollLengths = (facts: Pick<Facts, 'sizing'>, locale: string) =>
  formatValueList(
    locale,
    facts.sizing.rollLengthsM.map((m) => `${m} m`),
  )

/** Every stitch count we knit: the union of the product lines' own counts, smallest first. There
 *  is no separate site-wide list, so the compare page cannot name a count no line is knitted in. */
export function knittedStitchCounts(facts: Pick<Facts, 'products'>): readonly number[] {
  // Once per facts object (content is never changed in place): every page and every data sheet
  // asks, and the union runs over the whole catalogue, so unmemoized the build grew with
  // pages × products.
  let counts = stitchCountsOf.get(facts.products)
  if (!counts) {
    counts = [...new Set(Object.values(facts.products).flatMap((p) => p.stitches))].sort((a, b) => a - b)
    stitchCountsOf.set(facts.products, counts)
  }
  return counts
}
const stitchCountsOf = new WeakMap<object, readonly number[]>()

/** The counts we knit as a list in the locale: "16, 18, 20, 24, 28 and 32". */
export const offeredStitchCounts = (facts: Pick<Facts, 'products'>, locale: string) => formatValueList(locale, knittedStitchCounts(facts).map(String))

/** The roll-lengths row of a spec table: "50 m, 100 m, or custom lengths on request" in the
 *  locale's words and list punctuation; `custom` is the locale's "custom lengths on request". */
export const rollLengthsOrCustom = (facts: Pick<Facts, 'sizing'>, locale: string, custom: string) =>
  formatList(locale, [...facts.sizing.rollLengthsM.map((m) => ltrIn(locale)(`${m} m`)), custom], 'disjunction')

/** The product's values as text in the locale. In a right-to-left locale every value is an
 *  isolated left-to-right run, so the cell or sentence around it keeps the page's direction. */
export function productSpec(facts: Facts, product: string, locale = 'en'): Record<SpecField, string> {
  const p = facts.products[product]
  if (!p) throw new Error(`content/facts.yml: products.${product} is missing`)
  const ltr = ltrIn(locale)
  return {
    diameter: ltr(range(p.diameterMm, 'mm')),
    stitches: ltr(p.stitches.join(' / ')),
    heat: ltr(heat(p.heatC)),
    rolls: rollLengths(facts, locale),
  }
}

/**
 * A number of weeks in Arabic, noun included. An Arabic counted noun takes its form from the
 * number (1 أسبوع, 2 أسبوعين, 3–10 أسابيع, 11 and more أسبوعًا), so no fixed word can follow a
 * range: "1–2 أسبوع" is wrong, "أسبوع إلى أسبوعين" is how it is said. Digits are isolated
 * left-to-right; the noun agrees with the last number read.
 */
export function arabicWeeks({ min, max }: Range): string {
  const word = (n: number) => (n === 1 ? 'أسبوع' : 'أسبوعين')
  if (max <= 2) return min === max ? word(min) : `${word(min)} إلى ${word(max)}`
  const noun = max <= 10 ? 'أسابيع' : 'أسبوعًا'
  return `${isolateLtr(min === max ? String(max) : range({ min, max }))} ${noun}`
}
const STRETCH_VARS = { stretchCooking: 'standard-cooking', stretchRoasting: 'roasting', stretchSmoking: 'smoking', stretchDrying: 'drying' } as const
/** Latin digits in every locale, as the facts are shown site-wide; the locale's decimal mark.
 *  One formatter per locale (memoFormatter): factVars runs for every page and every data sheet. */
const decimal = /* @__PURE__ */ memoFormatter(
  (locale) => new Intl.NumberFormat(isRtl(locale) ? `${locale}-u-nu-latn` : locale, { maximumFractionDigits: 2, useGrouping: false }),
)

/** Values for the {placeholders} that content may use (see docs/CONTENT-FORMAT.md). Lists
 *  ({stitchCounts}, {rollLengths}) are in the words of `locale`. Ranges ({dispatchDays},
 *  {diameterRange} …) are running text, written with the locale's `rangeStyle` (its `range` in
 *  content/locales.yml: "5 bis 7", "5 à 7"). In Arabic the week placeholders ({leadTime},
 *  {genericLeadTime}) carry their noun (arabicWeeks); everywhere else, and for the day
 *  placeholders, the text writes the unit. */
export function factVars(facts: Facts, rtl = false, locale = 'en', rangeStyle = COMPACT_RANGE): Record<string, string> {
  const t = facts.leadTimes
  const span = (r: Range, unit = '') => rangeText(r, rangeStyle, unit)
  const values: Record<string, string> = {
    dispatchDays: span(t.dispatchDays),
    leadTime: span(t.marketedWeeks),
    genericLeadTime: span(t.genericWeeks),
    turkeyDelivery: span(t.turkeyDeliveryDays),
    production: span(t.productionDays),
    // The number only: each language says "more than" its own way ("über 40 Länder",
    // "plus de 40 pays", "40'tan fazla ülke"); "40+" before a noun is an anglicism.
    countries: String(facts.countriesServed),
    maxHeat: `${facts.maxHeatC} °C`,
    maxHeatF: `${celsiusToFahrenheit(facts.maxHeatC)} °F`,
    diameterRange: span(facts.sizing.innerDiameterMm, 'mm'),
    // the stretch each process puts on the net (product diameter ÷ relaxed diameter), as the
    // size selector shows it: "1.35×" in English, "1,35×" in Turkish
    ...Object.fromEntries(Object.entries(STRETCH_VARS).map(([name, process]) => [name, `${decimal(locale).format(facts.sizing.stretchByProcess[process])}×`])),
    email: facts.business.email,
    phone: facts.business.phone,
  }
  if (rtl) for (const k of Object.keys(values)) values[k] = isolateLtr(values[k]!)
  if (locale.split('-')[0] === 'ar') {
    values.leadTime = arabicWeeks(t.marketedWeeks)
    values.genericLeadTime = arabicWeeks(t.genericWeeks)
  }
  // lists isolate each value, not the whole: the conjunction is in the page's language
  const lists = { stitchCounts: offeredStitchCounts(facts, locale), rollLengths: rollLengths(facts, locale) }
  return { ...values, ...lists, brand: facts.business.brand }
}
