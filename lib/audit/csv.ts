// The audit CSVs (papaparse). Cells a spreadsheet would run as a formula get a leading single
// quote, by the rule every CSV of the project uses (lib/csv/formula.ts); UTF-8 with BOM so Excel
// shows ü, ş and Arabic correctly.
import Papa from 'papaparse'
import { FORMULA_START } from '../csv/formula'
import { type KeyUsage, usedOnText } from '../i18n/key-usage'
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

/**
 * "note for translators": the English file's `# note:` / `# max-length:` for the key (lib/audit/translator-note.ts).
 * "used on": the pages of the locale a UI key is on, from the last build (lib/i18n/key-usage.ts);
 * empty for other texts and where no build has run (the build's audit runs before its prerender:
 * scripts/postbuild.ts fills it in the published copy with fillUsedOn).
 */
export const ITEM_FIELDS = ['locale', 'file', 'line', 'key', 'problem', 'English source text', 'severity', 'details', 'note for translators', 'used on']

const UI_FILE = /(^|\/)ui\//
const usedOn = (usage: KeyUsage | undefined, locale: string, file: string, key: string) => (usage && UI_FILE.test(file) ? usedOnText(usage, key, locale) : '')

export function itemsCsv(problems: Problem[], usage?: KeyUsage): string {
  return toCsv(
    ITEM_FIELDS,
    problems.map((p) => [
      p.locale,
      p.file,
      p.line ?? '',
      p.key,
      p.kind,
      cut(p.english ?? ''),
      p.severity,
      p.message,
      p.note ?? '',
      usedOn(usage, p.locale, p.file, p.key),
    ]),
  )
}

/** The items CSV `csv` (itemsCsv's) with its "used on" column filled from `usage`. */
export function fillUsedOn(csv: string, usage: KeyUsage): string {
  const { data } = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true })
  const column = ITEM_FIELDS.indexOf('used on')
  // Cells were written with a leading quote where a spreadsheet would run them (FORMULA_START):
  // toCsv adds it again, so it is taken off here.
  const plain = (cell = '') => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell)
  return toCsv(
    ITEM_FIELDS,
    data.map((row) => ITEM_FIELDS.map((field, i) => (i === column ? usedOn(usage, row.locale ?? '', row.file ?? '', row.key ?? '') : plain(row[field])))),
  )
}
