// The one rule for CSV cells a spreadsheet would run as a formula (CSV injection), used by every
// CSV this project writes: the admin's lead export (components/admin/leads-csv.ts) and the
// localization audit (lib/audit/csv.ts). Both pass it to papaparse's `escapeFormulae`, which
// puts a leading apostrophe before a matching cell; spreadsheets show such a cell as text.
//
// A cell that starts with = + - @ tab, CR or LF would run as a formula in Excel, LibreOffice or
// Sheets. Spreadsheets also skip leading spaces (and Excel reads the full-width ＝＋－＠ of East
// Asian keyboards as = + - @), so the trigger is also caught behind any run of white space or
// invisible characters. papaparse's own `escapeFormulae: true` uses /^[=+\-@\t\r].*$/, which
// misses all of these and values with a line break; this pattern does not
// (tests/unit/csv-formula.test.ts).

export const FORMULA_START = /^[\t\r\n]|^[\s\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/u
