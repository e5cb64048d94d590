// CSV injection: every way a spreadsheet would still read a cell as a formula is neutralised, by
// one rule (lib/csv/formula.ts), in both CSVs the project writes: the admin's lead export and the
// localization audit, each through papaparse as it runs.
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { leadsCsv } from '../../components/admin/leads-csv'
import { toCsv } from '../../lib/audit/csv'
import { FORMULA_START } from '../../lib/csv/formula'

const leadCell = async (name: string) => {
  const row = { id: 'x', kind: 'contact', name, email: 'a@b.co', products: [], locale: 'en', created_at: '', consent_at: '' }
  const csv = await leadsCsv([row as never], { products: {}, quantity_unit: {}, process: {} })
  const parsed = Papa.parse<string[]>(csv.trim()).data
  const header = parsed[0] ?? []
  return parsed[1]?.[header.findIndex((h) => /name/i.test(h))]
}

const auditCell = (value: string) => Papa.parse<string[]>(toCsv(['value'], [[value]]).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data[1]?.[0]

describe('FORMULA_START, in the lead export and the audit CSVs', () => {
  it.each([
    ['=HYPERLINK("http://evil")', 'plain ='],
    ['+1+cmd', 'plus'],
    ['-2+3', 'minus'],
    ['@SUM(A1)', 'at'],
    ['\t=1', 'tab'],
    ['\r=1', 'carriage return'],
    ['\n=1', 'newline'],
    ['=a\nb', 'formula over two lines'],
    [' =1+1', 'leading space'],
    ['   @x', 'spaces'],
    ['\u00a0=1', 'no-break space'],
    ['\u3000=1', 'ideographic space'],
    ['\u200b=1', 'zero-width space'],
    ['＝1+1', 'full-width ＝'],
    ['＋1', 'full-width ＋'],
    ['－1', 'full-width －'],
    ['＠SUM(A1)', 'full-width ＠'],
    [' ＝1', 'space then full-width ＝'],
  ])('catches %j (%s)', async (value) => {
    expect(FORMULA_START.test(value)).toBe(true)
    expect(await leadCell(value)).toBe(`'${value}`)
    expect(auditCell(value)).toBe(`'${value}`)
  })

  it.each([['Jean Dupont'], ['a=b'], ['Müller GmbH'], ['محمد'], ['1-2 rolls'], ['x@y.z'], ['plain, "quoted"']])('leaves %j alone', async (value) => {
    expect(FORMULA_START.test(value)).toBe(false)
    expect(await leadCell(value)).toBe(value)
    expect(auditCell(value)).toBe(value)
  })
})

const phoneCellOf = async (phone: string) => {
  const row = { id: 'x', kind: 'contact', name: 'N', email: 'a@b.co', phone, products: [], locale: 'en', created_at: '', consent_at: '' }
  const parsed = Papa.parse<string[]>((await leadsCsv([row as never], { products: {}, quantity_unit: {}, process: {} })).trim()).data
  return parsed[1]?.[(parsed[0] ?? []).indexOf('Phone')]
}

describe('phone numbers in the lead export: text, without a visible apostrophe', () => {
  it.each([['+44 20 7946 0000'], ['020 7946 0000'], ['(030) 1234-567'], ['+90.212/555.01.01'], ['-123 456']])('writes %j as ="…"', async (phone) => {
    expect(await phoneCellOf(phone)).toBe(`="${phone}"`)
  })

  // A phone field the schema would refuse (stored before the rule, or written past it) holds a
  // character that could end the string literal or call something: it gets the apostrophe.
  it.each([['+1"&HYPERLINK("http://evil")&"'], ['=1+1'], ['+44 20 CALL']])('escapes %j the usual way', async (phone) => {
    expect(await phoneCellOf(phone)).toBe(`'${phone}`)
  })

  it('leaves a phone-free row empty', async () => {
    expect(await phoneCellOf('')).toBe('')
  })
})
