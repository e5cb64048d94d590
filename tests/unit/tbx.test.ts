// npm run i18n:export writes the term base as TBX-Basic beside the .xlf: one conceptEntry per
// concept, a langSec per language, the preferred term and the forbidden variants with their
// administrative status, every text escaped so that it parses back exactly.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { TBX_NS } from '../../lib/audit/xliff/tbx'
import { runCli, tempDir } from './audit/run-cli'

const EN_TERMS = `concepts:
  netting-tube:
    en: netting tube
    match: ["netting tube*"]
    note: The tube the net is pulled off — "rigid" & <steel>.
  cook-in:
    en: cook-in
    match: ["cook-in"]
doNotTranslate: [Elastinet, "EU 1935/2004"]
`
const DE_TERMS = `netting-tube:
  term: Netzrohr
  forms: ["Netzrohr*"]
  forbidden: ["Aufziehrohr*", 'Rohr "alt" & <neu>']
  note: One word only.
`

type Raw = Record<string, unknown>
const ARRAYS = new Set(['conceptEntry', 'langSec', 'termSec', 'note', 'termNote'])
const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, isArray: (name) => ARRAYS.has(name) }).parse(xml) as Raw
const text = (node: unknown) => (typeof node === 'object' && node ? String((node as Raw)['#text']) : String(node))

describe('TBX beside the XLIFF export', () => {
  const dir = tempDir('tbx-')
  const content = join(dir, 'content')
  cpSync('tests/fixtures/xliff/content', content, { recursive: true })
  mkdirSync(join(content, 'terms'))
  writeFileSync(join(content, 'terms/en.yml'), EN_TERMS)
  writeFileSync(join(content, 'terms/de.yml'), DE_TERMS)
  const out = runCli('export', ['de', '--content', content, '--out', join(dir, 'out/de.xlf')])
  const tbxPath = join(dir, 'out/de.tbx')

  it('is written next to the .xlf and named on screen', () => {
    expect(out.code, out.stderr).toBe(0)
    expect(out.stdout).toContain(`${tbxPath}: 4 term base concepts (TBX-Basic)`)
    expect(existsSync(tbxPath)).toBe(true)
  })

  it('is TBX-Basic, DCA style, in the TBX namespace, English as the file language', () => {
    const tbx = parse(readFileSync(tbxPath, 'utf8')).tbx as Raw
    expect([tbx['@_type'], tbx['@_style'], tbx['@_xml:lang'], tbx['@_xmlns']]).toEqual(['TBX-Basic', 'dca', 'en', TBX_NS])
  })

  it('has one conceptEntry per concept and per do-not-translate name, with a langSec per language it has', () => {
    const entries = ((parse(readFileSync(tbxPath, 'utf8')).tbx as Raw).text as Raw).body as Raw
    const concepts = entries.conceptEntry as Raw[]
    const langs = Object.fromEntries(concepts.map((c) => [c['@_id'], (c.langSec as Raw[]).map((l) => l['@_xml:lang'])]))
    expect(langs).toEqual({ 'c-netting-tube': ['en', 'de'], 'c-cook-in': ['en'], 'dnt-1': ['en', 'de'], 'dnt-2': ['en', 'de'] })
  })

  it('marks the preferred term and each forbidden variant, and keeps every character of the texts', () => {
    const xml = readFileSync(tbxPath, 'utf8')
    expect(xml).toContain('Rohr "alt" &amp; &lt;neu&gt;')
    const concepts = (((parse(xml).tbx as Raw).text as Raw).body as Raw).conceptEntry as Raw[]
    const tube = concepts.find((c) => c['@_id'] === 'c-netting-tube')!
    expect(text((tube.note as unknown[])[0])).toBe('The tube the net is pulled off — "rigid" & <steel>.')
    const terms = (tube.langSec as Raw[]).map((l) => ({
      lang: l['@_xml:lang'],
      terms: (l.termSec as Raw[]).map((t) => [text(t.term), text((t.termNote as unknown[])[0])]),
    }))
    expect(terms).toEqual([
      { lang: 'en', terms: [['netting tube', 'preferredTerm-admn-sts']] },
      {
        lang: 'de',
        terms: [
          ['Netzrohr', 'preferredTerm-admn-sts'],
          ['Aufziehrohr', 'deprecatedTerm-admn-sts'],
          ['Rohr "alt" & <neu>', 'deprecatedTerm-admn-sts'],
        ],
      },
    ])
    const dnt = concepts.find((c) => c['@_id'] === 'dnt-2')!
    expect((dnt.langSec as Raw[]).map((l) => text((l.termSec as Raw[])[0]!.term))).toEqual(['EU 1935/2004', 'EU 1935/2004'])
  })

  it('a broken term base stops the export naming file and line, as the audit does', () => {
    writeFileSync(join(content, 'terms/de.yml'), 'netting-tub:\n  term: Netzrohr\n')
    const bad = runCli('export', ['de', '--content', content, '--out', join(dir, 'bad/de.xlf')])
    expect(bad.stderr).toMatch(/terms\/de\.yml: netting-tub: no such concept in .*terms\/en\.yml/)
    expect(bad.code).toBe(2)
  })
})
