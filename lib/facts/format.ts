// Renders the shared technical facts (content/facts.yml) as text. Numbers and units are
// language-neutral, so every locale shows the same values; in right-to-left text each value is
// wrapped in a left-to-right isolate so "90–220 mm" never reorders around Arabic words.
import type { Facts } from '../../.velite/index.js'
import { formatList } from '../i18n/format'

type Range = { min: number; max: number }
export type SpecField = 'diameter' | 'stitches' | 'heat' | 'rolls'

export const range = ({ min, max }: Range, unit = '') => `${min}–${max}${unit ? ` ${unit}` : ''}`
export const celsiusToFahrenheit = (c: number) => Math.round((c * 9) / 5 + 32)
export const heat = (c: number) => `${c} °C (${celsiusToFahrenheit(c)} °F)`

/** U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`

/** `locale` words the roll-length list ("50 m and 100 m", "50 m ve 100 m"). */
export function productSpec(facts: Facts, product: string, locale = 'en', rtl = false): Record<SpecField, string> {
  const p = facts.products[product]
  if (!p) throw new Error(`content/facts.yml: products.${product} is missing`)
  return {
    diameter: range(p.diameterMm, 'mm'),
    stitches: p.stitches.join(' / '),
    heat: heat(p.heatC),
    rolls: formatList(facts.sizing.rollLengthsM.map((m) => `${m} m`), locale, { rtl }),
  }
}

/** Values for the {placeholders} that content may use (see docs/CONTENT-FORMAT.md). */
export function factVars(facts: Facts, rtl = false): Record<string, string> {
  const t = facts.leadTimes
  const values: Record<string, string> = {
    dispatchDays: range(t.dispatchDays),
    leadTime: range(t.marketedWeeks),
    genericLeadTime: range(t.genericWeeks),
    turkeyDelivery: range(t.turkeyDeliveryDays),
    production: range(t.productionDays),
    countries: `${facts.countriesServed}+`,
    maxHeat: `${facts.maxHeatC} °C`,
    maxHeatF: `${celsiusToFahrenheit(facts.maxHeatC)} °F`,
    diameterRange: range(facts.sizing.innerDiameterMm, 'mm'),
    email: facts.business.email,
    phone: facts.business.phone,
  }
  if (rtl) for (const k of Object.keys(values)) values[k] = isolateLtr(values[k]!)
  return { ...values, brand: facts.business.brand }
}
