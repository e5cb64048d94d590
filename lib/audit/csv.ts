// The audit CSVs (papaparse). Cells a spreadsheet would run as a formula get a leading single
// quote, by the rule every CSV of the project uses (lib/csv/formula.ts); UTF-8 with BOM so Excel
// shows ü, ş and Arabic correctly.
import Papa from 'papaparse'
import { FORMULA_START } from '../csv/formula'
import type { Problem } from './problem'
import type { LocaleRow } from './run'

const BOM = '\uFEFF'
/** Long English sources (whole MDX bodies) are cut: the CSV points at the file and line anyway. */
const MAX_TEXT = 500

export const toCsv = (fields: string[], rows: (string | number)[][]) =>
  BOM + Papa.unparse({ fields, data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' }) + '\r\n'

export const percent = (share: number) => `${(Math.floor(share * 1000) / 10).toFixed(1)}%`
export const pagesCovered = (row: LocaleRow) => `${row.pagesCovered}/${row.pagesTotal}`
const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text)

export const SUMMARY_FIELDS = [
  'locale',
  'completion',
  'pages covered',
  'notes',
  'required units',
  'translated',
  'reviewed',
  'translated with errors',
  'missing',
  'empty',
  'placeholder mismatches',
  'stale',
  'identical to English',
  'QA errors',
  'QA warnings',
]

export function summaryCsv(rows: LocaleRow[]): string {
  return toCsv(
    SUMMARY_FIELDS,
    rows.map((r) => [
      r.locale,
      percent(r.completion),
      pagesCovered(r),
      r.notes,
      r.requiredUnits,
      r.translated,
      r.reviewed,
      r.withErrors,
      r.missing,
      r.empty,
      r.placeholderMismatches,
      r.stale,
      r.identical,
      r.qaErrors,
      r.qaWarnings,
    ]),
  )
}

/** "note for translators": the English file's `# note:` / `# max-length:` for the key (lib/audit/translator-note.ts). */
export const ITEM_FIELDS = ['locale', 'file', 'line', 'key', 'problem', 'English source text', 'severity', 'details', 'note for translators']

export function itemsCsv(problems: Problem[]): string {
  return toCsv(
    ITEM_FIELDS,
    problems.map((p) => [p.locale, p.file, p.line ?? '', p.key, p.kind, cut(p.english ?? ''), p.severity, p.message, p.note ?? '']),
  )
}
