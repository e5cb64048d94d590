// CSV export of leads with papaparse (loaded on demand: only the export needs it).
//
// Lead fields are typed by anyone on the internet. A cell that starts with = + - @ tab, CR or LF
// would run as a formula in Excel, LibreOffice or Sheets (CSV injection), so such cells get a
// leading apostrophe, which spreadsheets show as text. Spreadsheets also skip leading spaces
// (and Excel reads the full-width ＝＋－＠ of East Asian keyboards as = + - @), so the trigger
// is also caught behind any run of white space or invisible characters. papaparse's own
// `escapeFormulae: true` uses /^[=+\-@\t\r].*$/, which misses all of these and values with a
// line break; the pattern below does not (tests/unit/leads-csv.test.ts).
import type { LeadRow } from './lead-row'
import { cellText, COLUMN_LABELS, LEAD_COLUMNS } from './lead-row'

export const FORMULA_START = /^[\t\r\n]|^[\s\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/u

export async function leadsCsv(rows: readonly LeadRow[]): Promise<string> {
  const { unparse } = await import('papaparse')
  return unparse(
    {
      fields: LEAD_COLUMNS.map((c) => COLUMN_LABELS[c]),
      data: rows.map((row) => LEAD_COLUMNS.map((c) => cellText(row, c))),
    },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  )
}

/** Starts a download of the text as a UTF-8 CSV file (with a BOM, so Excel reads Arabic right). */
export function downloadCsv(csv: string, filename: string) {
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
