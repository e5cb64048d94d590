// The audit's findings counted per locale and per check (problem kind or QA check id), with
// errors and warnings apart: summary.json's `findings`, which the report page draws as a chart.
// Every finding counts, the ones a "missing file" sums up on screen too, so the counts add up
// to the audit's own error and warning totals (and to the rows of the items CSV).
import { CHECK_ORDER } from './chart-labels'
import type { Problem } from './problem'

export type Tally = { errors: number; warnings: number }
/** locale → check → tally; only checks with a finding appear. */
export type FindingCounts = Record<string, Record<string, Tally>>

/** Locales in `locales` order (each present, `{}` when clean), then any other locale a finding names. */
export function findingCounts(problems: readonly Problem[], locales: readonly string[]): FindingCounts {
  const byLocale = new Map<string, Map<string, Tally>>(locales.map((l) => [l, new Map()]))
  for (const p of problems) {
    let checks = byLocale.get(p.locale)
    if (!checks) byLocale.set(p.locale, (checks = new Map()))
    let tally = checks.get(p.kind)
    if (!tally) checks.set(p.kind, (tally = { errors: 0, warnings: 0 }))
    tally[p.severity === 'error' ? 'errors' : 'warnings']++
  }
  const rank = (check: string) => {
    const i = CHECK_ORDER.indexOf(check)
    return i === -1 ? CHECK_ORDER.length : i
  }
  const out: FindingCounts = {}
  for (const [locale, checks] of byLocale) out[locale] = Object.fromEntries([...checks].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)))
  return out
}
