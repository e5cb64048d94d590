// The CSVs open cleanly in a spreadsheet: UTF-8 BOM, fixed columns, formula-looking cells defused,
// and they round-trip through papaparse.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { toCsv } from '../../../lib/audit/csv'
import { audit } from './run-cli'

const parse = (text: string) => Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true })

describe('audit CSVs', () => {
  const run = audit('formula')
  const summary = readFileSync(join(run.out, 'localization-audit.csv'), 'utf8')
  const items = readFileSync(join(run.out, 'localization-audit-items.csv'), 'utf8')

  it('start with a UTF-8 byte order mark', () => {
    expect(summary.charCodeAt(0)).toBe(0xfeff)
    expect(items.charCodeAt(0)).toBe(0xfeff)
  })

  it('summary: locale, completion, pages covered, notes, then the details', () => {
    const { data, meta, errors } = parse(summary)
    expect(errors).toEqual([])
    expect(meta.fields).toEqual([
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
    ])
    expect(data.map((r) => r.locale)).toEqual(['en', 'tr'])
    expect(data[1]).toMatchObject({
      completion: '92.8%',
      'pages covered': '3/3',
      notes: '1 missing text',
      'required units': '14',
      translated: '13',
      missing: '1',
    })
  })

  it('items: every finding with locale, file, line, key, problem and the English source, formula escaped', () => {
    const { data, meta } = parse(items)
    expect(meta.fields?.slice(0, 6)).toEqual(['locale', 'file', 'line', 'key', 'problem', 'English source text'])
    expect(data).toEqual([
      expect.objectContaining({
        locale: 'tr',
        file: 'tests/fixtures/audit/formula/content/ui/tr.yml',
        line: '2',
        key: 'nav.quote',
        problem: 'missing',
        'English source text': `'=HYPERLINK("http://x","y")`,
      }),
    ])
    expect(items).toContain(`"'=HYPERLINK(""http://x"",""y"")"`)
  })

  it('escapes every formula trigger, including multi-line cells, and round-trips other text', () => {
    const cells = ['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=a\nb', 'plain, "quoted"', 'Türkçe ğüş العربية']
    const { data } = Papa.parse<string[]>(
      toCsv(
        ['value'],
        cells.map((c) => [c]),
      ).replace(/^\uFEFF/, ''),
      { skipEmptyLines: true },
    )
    expect(data.slice(1).map((r) => r[0])).toEqual([...cells.slice(0, 7).map((c) => `'${c}`), 'plain, "quoted"', 'Türkçe ğüş العربية'])
  })
})
