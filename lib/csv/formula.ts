// The one rule for CSV cells a spreadsheet would run as a formula (CSV injection), used by every
// CSV this project writes: the admin's lead export (components/admin/leads-csv.ts) and the
// localization audit (lib/audit/csv.ts). The audit passes it to papaparse's `escapeFormulae`,
// the lead export applies the same rule itself (escapeCell, phoneCell below): a matching cell gets
// a leading apostrophe, which spreadsheets read as "this is text".
//
// A cell that starts with = + - @ tab, CR or LF would run as a formula in Excel, LibreOffice or
// Sheets. Spreadsheets also skip leading spaces (and Excel reads the full-width ＝＋－＠ of East
// Asian keyboards as = + - @), so the trigger is also caught behind any run of white space or
// invisible characters. papaparse's own `escapeFormulae: true` uses /^[=+\-@\t\r].*$/, which
// misses all of these and values with a line break; this pattern does not
// (tests/unit/csv-formula.test.ts).

export const FORMULA_START = /^[\t\r\n]|^[\s\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/u

/** A cell as written to a CSV: a leading apostrophe when a spreadsheet would run it as a formula. */
export const escapeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value)

// Phone numbers: "+44 20 7946 0000" starts with a formula trigger, so escapeCell would show it
// as '+44 20 7946 0000 (the apostrophe only hides when typed into a cell, not when a CSV is
// opened), and unescaped Excel would run it as a formula (+44 then spaces: an error) while
// "02079460000" would lose its leading zero as a number. A phone made only of the characters
// the phone fields accept (digits, spaces, ( ) . / - and a leading +) is written as the
// formula ="<phone>" instead: Excel, Google Sheets, Numbers and LibreOffice (with "Evaluate
// formulas", its import option) show the text exactly, with no apostrophe. It is safe because
// the quotes hold a string literal that cannot end early or call anything: no quote, letter,
// comma or other operator can occur in it. A leading tab or invisible character (the other
// usual tricks) is not safe: spreadsheets skip them and run what follows (FORMULA_START).
// Anything else in a phone column goes through escapeCell.
const PHONE_CELL = /^\+?[0-9 ()./-]+$/
export const phoneCell = (value: string) => (value && PHONE_CELL.test(value) ? `="${value}"` : escapeCell(value))
