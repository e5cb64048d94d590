// CSV export of leads with papaparse (loaded on demand: only the export needs it).
//
// Lead fields are typed by anyone on the internet: a cell a spreadsheet would run as a formula
// gets a leading apostrophe, by the rule every CSV of the project uses (lib/csv/formula.ts);
// phone numbers are written as text without one (phoneCell, which explains why that is safe).
import { escapeCell, phoneCell } from '../../lib/csv/formula'
import type { ValueLabels } from '../../lib/pages/admin'
import type { LeadRow } from './lead-row'
import { COLUMN_LABELS, detailText, LEAD_COLUMNS } from './lead-row'

/** The leads as CSV, with product, unit and process ids by the names the admin shows (`labels`). */
export async function leadsCsv(rows: readonly LeadRow[], labels: ValueLabels): Promise<string> {
  const { unparse } = await import('papaparse')
  return unparse(
    {
      fields: LEAD_COLUMNS.map((c) => COLUMN_LABELS[c]),
      data: rows.map((row) => LEAD_COLUMNS.map((c) => (c === 'phone' ? phoneCell : escapeCell)(detailText(row, c, labels)))),
    },
    // Escaped above, cell by cell: papaparse's escapeFormulae would also prefix the phones' ="…".
    { escapeFormulae: false, newline: '\r\n' },
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
