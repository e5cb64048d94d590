// One row of the report page's table per locale, from summary.json, in words a reader without the
// translators' glossary understands (the CSV keeps the audit's own terms for translators).
import type { FindingCounts, Tally } from '../../../lib/audit/chart-findings'
import { percent } from '../../../lib/audit/csv'
import { completePercent } from '../../../lib/audit/history'
import type { AuditSummary } from '../../../lib/audit/write'

export type ReportRow = Tally & {
  locale: string
  name: string
  /** "97.5%": never "100.0%" while the locale has an error. */
  complete: string
  /** "40.0%", or "–" when the audit does not count reviewed texts. */
  reviewed: string
  pages: string
  notes: string[]
}

type SummaryLocale = AuditSummary['locales'][number]

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
/** "1 error, 31 warnings". */
export const tallyText = (t: Tally) => `${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')}`

/** "3 texts …": `one` and `many` are the whole phrase after the number, verb included. */
const texts = (n: number, one: string, many: string) => (n ? [`${n} ${n === 1 ? one : many}`] : [])

// The sections of the pages shown as a "not yet translated" notice, by the first part of their route key.
const SECTION_WORDS: Record<string, string> = { guide: 'guides', guides: 'guides', glossary: 'glossary', 'glossary-term': 'glossary', country: 'country pages' }

/** What a reader should know about one locale, most urgent first. */
export function plainNotes(row: SummaryLocale, isSource: boolean): string[] {
  if (isSource) return ['the original all others are translated from']
  const sections = [...new Set(row.placeholderPages.map((key) => SECTION_WORDS[key.split('/')[0]!] ?? key.split('/')[0]!))]
  const notes = [
    ...texts(row.missing + row.empty, 'text not yet translated, shown in English', 'texts not yet translated, shown in English'),
    ...texts(
      row.withErrors,
      'text with an error (a wrong figure, left in English…), not counted as translated',
      'texts with an error (a wrong figure, left in English…), not counted as translated',
    ),
    ...texts(row.stale, 'text needs an update after an English change', 'texts need an update after an English change'),
    ...texts(row.extra, 'text English no longer has, to delete', 'texts English no longer has, to delete'),
    ...(row.placeholderPages.length
      ? [`${row.placeholderPages.length} page${row.placeholderPages.length === 1 ? '' : 's'} not yet translated, shown in English (${sections.join(', ')})`]
      : []),
    ...texts(
      row.unlocked,
      'text not yet on record: an English change to it would go unnoticed',
      'texts not yet on record: an English change to them would go unnoticed',
    ),
  ]
  return notes.length ? notes : ['nothing to do']
}

/** The reviewed count, if this audit writes one (an older summary.json has none). */
const reviewedOf = (row: SummaryLocale): number | undefined => {
  const value = (row as { reviewed?: unknown }).reviewed
  return typeof value === 'number' ? value : undefined
}

const total = (checks: FindingCounts[string] | undefined): Tally =>
  Object.values(checks ?? {}).reduce((a, t) => ({ errors: a.errors + t.errors, warnings: a.warnings + t.warnings }), { errors: 0, warnings: 0 })

export function reportRows(summary: Pick<AuditSummary, 'locales' | 'findings' | 'sourceLocale'>): ReportRow[] {
  return summary.locales.map((row) => {
    const found = total(summary.findings[row.locale])
    // The audit already counts a text with an error as not translated; an error that belongs to
    // no one text (a web address two pages share, a check switched off for nothing) must still
    // keep the figure under 100% (completePercent, which the history records too).
    const complete = `${completePercent(row.completion, found.errors).toFixed(1)}%`
    const reviewed = reviewedOf(row)
    return {
      locale: row.locale,
      name: row.name,
      complete,
      reviewed: reviewed === undefined ? '–' : percent(row.requiredUnits ? reviewed / row.requiredUnits : 1),
      pages: `${row.pagesCovered} of ${row.pagesTotal}`,
      notes: plainNotes(row, row.locale === summary.sourceLocale),
      ...found,
    }
  })
}
