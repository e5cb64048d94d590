// The agency round trip: npm run i18n:export -- de writes XLIFF 2.0 of what German lacks or has
// stale; a CAT tool fills the targets; npm run i18n:import writes them back. The result must be
// exactly tests/fixtures/xliff/expected/ (comments, key order and quoting kept; missing keys,
// list items and files created where English has them), and the audit then passes.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../../lib/build/files-under'
import { buildXliff, escapeText, parseXliff, XliffError } from '../../lib/i18n/xliff'
import { runCli, spawnCli, tempDir } from './audit/run-cli'

const FIXTURE = 'tests/fixtures/xliff'
// What the translator types into the CAT tool, by translation file and key.
const TRANSLATIONS: Record<string, Record<string, string>> = {
  'ui/de.yml': {
    'nav.home': 'Start',
    'nav.quote': 'Angebot anfordern',
    'quote.rolls': '{count, plural, one {# Rolle} other {# Rollen}}',
    'quote.note': 'Preise: <b>pro</b> Rolle – 100 & "mehr"',
  },
  'ui/forms/de.yml': { 'form.name': 'Ihr Name', 'form.email': 'E-Mail-Adresse' },
  'pages/home/de.yml': {
    description: 'Versand in {dispatchDays} Werktagen.',
    'blocks.0.heading': 'Netze für jeden Fleischverarbeiter',
    'blocks.0.actions.[samples].label': 'Muster bestellen',
    'blocks.1.items.1': 'Lebensmittelechte Materialien: geprüft',
  },
  'guides/de/basics.mdx': {
    body: 'Elastische Netze halten Fleisch beim Garen in Form.\n\n## Größen\n\nWählen Sie einen Durchmesser von <Spec product="pork" field="diameter" /> & mehr.',
  },
  'guides/de/sizes.mdx': { title: 'Größen', description: 'So wählen Sie die Größe.', body: 'Messen Sie zuerst den Umfang.' },
}

/** Every file under `dir`, relative to it, sorted. */
const filesIn = (dir: string) => filesUnder(dir).map((f) => relative(dir, f))

/** What a CAT tool does: a <target> for every unit (replacing the old one), state "translated". */
function fillTargets(xml: string, content: string): string {
  return xml.replace(/<file id="[^"]*" original="([^"]*)">([\s\S]*?)<\/file>/g, (whole, original: string, body: string) => {
    const file = relative(content, original).split('\\').join('/')
    const texts = TRANSLATIONS[file]
    if (!texts) throw new Error(`unexpected file in the export: ${file}`)
    const filled = body.replace(/<unit id="([^"]*)" name="([^"]*)">([\s\S]*?)<\/unit>/g, (_u, id: string, key: string, inner: string) => {
      const text = texts[key]
      if (text === undefined) throw new Error(`unexpected unit in the export: ${file} ${key}`)
      const withoutTarget = inner.replace(/\s*<target[^>]*>[\s\S]*?<\/target>/, '').replace(/<segment( state="[^"]*")?>/, '<segment state="translated">')
      return `<unit id="${id}" name="${key}">${withoutTarget.replace('</source>', `</source>\n        <target>${escapeText(text)}</target>`)}</unit>`
    })
    return whole.replace(body, filled)
  })
}

describe('XLIFF round trip (npm run i18n:export / i18n:import)', () => {
  const dir = tempDir('xliff-')
  const content = join(dir, 'content')
  cpSync(join(FIXTURE, 'content'), content, { recursive: true })
  const before = new Map(filesIn(content).map((f) => [f, readFileSync(join(content, f), 'utf8')]))
  const xlf = join(dir, 'de.xlf')

  // This export and the import of the filled file run as real `node --import tsx scripts/i18n/...ts`
  // processes; every other run calls the script's main() in this process.
  it('exports what German lacks or has stale, with source, notes, file and key', () => {
    const out = spawnCli('export', ['de', '--content', content, '--out', xlf])
    expect(out.stdout).toContain('11 missing, 3 stale and 0 broken de texts in 5 files')
    expect(out.code).toBe(0)
    const doc = parseXliff(readFileSync(xlf, 'utf8'))
    expect([doc.srcLang, doc.trgLang]).toEqual(['en', 'de'])
    const units = doc.files.flatMap((f) => f.units.map((u) => [relative(content, f.original), u.key]))
    expect(units).toEqual(
      Object.entries(TRANSLATIONS)
        .flatMap(([file, texts]) => Object.keys(texts).map((key) => [file, key]))
        .sort((a, b) => a[0]!.localeCompare(b[0]!)),
    )
    const home = doc.files.find((f) => f.original.endsWith('ui/de.yml'))!.units.find((u) => u.key === 'nav.home')!
    expect(home).toMatchObject({ source: 'Home', target: 'Startseite' }) // stale: the old translation as a starting point
    expect(home.notes.find((n) => n.category === 'description')?.text).toBe('The main menu') // the English file's comment
    expect(home.notes.find((n) => n.category === 'state')?.text).toMatch(/^stale/)
    const note = doc.files.flatMap((f) => f.units).find((u) => u.key === 'quote.note')!
    expect(note.source).toBe('Prices: <b>per</b> roll — 100') // markup-like text survives as text
  })

  it('importing the export as it is changes nothing (stale targets still "initial" are not reviewed)', () => {
    const out = runCli('import', [xlf, '--content', content])
    expect(out.stdout).toContain('de: 0 texts imported, 0 recorded as current')
    expect(out.stdout).toMatch(/ui\/de\.yml: nav\.home \(unchanged and still in state "initial": not reviewed\)/)
    expect(filesIn(content).filter((f) => before.get(f) !== readFileSync(join(content, f), 'utf8'))).toEqual([])
  })

  it('imports the filled file: every file equals the expected one, nothing else changes', () => {
    writeFileSync(xlf, fillTargets(readFileSync(xlf, 'utf8'), content))
    const out = spawnCli('import', [xlf, '--content', content])
    expect(out.stderr).toBe('')
    expect(out.stdout).toContain('de: 14 texts imported, 14 recorded as current')
    const expected = join(FIXTURE, 'expected')
    for (const file of filesIn(expected)) {
      expect(readFileSync(join(content, file), 'utf8'), file).toBe(readFileSync(join(expected, file), 'utf8'))
    }
    const changed = filesIn(content).filter((f) => before.get(f) !== readFileSync(join(content, f), 'utf8'))
    expect(changed.filter((f) => !f.startsWith('i18n-lock/'))).toEqual(filesIn(expected).sort())
  })

  it('leaves nothing to translate: the audit passes and a new export is empty', () => {
    const audit = runCli('cli', ['--content', content, '--out', join(dir, 'audit'), '--strict-stale'])
    expect(audit.stdout).toContain('Localization audit passed: 0 errors')
    expect(audit.code).toBe(0)
    const again = runCli('export', ['de', '--content', content, '--out', join(dir, 'again.xlf')])
    expect(again.stdout).toContain('0 missing, 0 stale and 0 broken de texts in 0 files')
  })

  it('refuses a file outside the locale, an unknown key and a wrong locale, naming them', () => {
    const doc = (original: string, key: string, trgLang = 'de') =>
      buildXliff({ srcLang: 'en', trgLang, files: [{ original, units: [{ key, source: 'x', target: 'y', notes: [] }] }] })
    const tryImport = (xml: string) => {
      writeFileSync(join(dir, 'bad.xlf'), xml)
      return runCli('import', [join(dir, 'bad.xlf'), '--content', content])
    }
    expect(tryImport(doc(join(content, 'ui/en.yml'), 'nav.home')).stderr).toMatch(/<file original=".*ui\/en\.yml">: not a de translation file/)
    expect(tryImport(doc(join(content, 'ui/de.yml'), 'nav.hom')).stderr).toMatch(/ui\/de\.yml: nav\.hom: English has no such text/)
    const wrong = tryImport(doc(join(content, 'ui/de.yml'), 'nav.home', 'xx'))
    expect(wrong.stderr).toContain('trgLang "xx" is not a translated locale (de)')
    expect(wrong.code).toBe(2)
  })
})

describe('XLIFF export of a translation with an error', () => {
  // Turkish has every text, but product.order.title writes {productname} for {productName}.
  const dir = tempDir('xliff-broken-')
  const content = join(dir, 'content')
  cpSync('tests/fixtures/audit/placeholder-mismatch/content', content, { recursive: true })
  const xlf = join(dir, 'tr.xlf')

  it('sends the broken text, its current translation as the target and what is wrong', () => {
    const out = runCli('export', ['tr', '--content', content, '--out', xlf])
    expect(out.stdout).toContain('0 missing, 0 stale and 1 broken tr text in 1 file')
    const units = parseXliff(readFileSync(xlf, 'utf8')).files.flatMap((f) => f.units)
    expect(units.map((u) => u.key)).toEqual(['product.order.title'])
    expect(units[0]).toMatchObject({ source: 'Order {productName}', target: '{productname} sipariş edin', state: 'initial' })
    expect(units[0]!.notes.find((n) => n.category === 'state')?.text).toMatch(
      /^error: .*placeholder mismatch: placeholders differ from English: English has \{productName\}, this text has \{productname\}/,
    )
  })

  it('skips it when it comes back unchanged, imports the correction, and the audit then passes', () => {
    expect(runCli('import', [xlf, '--content', content]).stdout).toContain('tr: 0 texts imported')
    writeFileSync(
      xlf,
      readFileSync(xlf, 'utf8').replace('<target xml:space="preserve">{productname} sipariş edin</target>', '<target>{productName} sipariş edin</target>'),
    )
    expect(runCli('import', [xlf, '--content', content]).stdout).toContain('tr: 1 text imported')
    expect(readFileSync(join(content, 'ui/tr.yml'), 'utf8')).toContain('product.order.title: "{productName} sipariş edin"')
    const audit = runCli('cli', ['--content', content, '--out', join(dir, 'audit')])
    expect(audit.stdout).toContain('Localization audit passed: 0 errors')
    expect(runCli('export', ['tr', '--content', content, '--out', join(dir, 'again.xlf')]).stdout).toContain('0 missing, 0 stale and 0 broken tr texts')
  })
})

describe('XLIFF text', () => {
  it('round-trips every character: markup, entities, quotes, tabs, blank lines, edge spaces', () => {
    const text = ' a & <Spec product="pork"/> \'q\' "d" &amp; ]]> \t\n\n  end \n'
    const doc = parseXliff(
      buildXliff({ srcLang: 'en', trgLang: 'de', files: [{ original: 'f', units: [{ key: 'k.[a/b]', source: text, target: `${text}!`, notes: [] }] }] }),
    )
    expect(doc.files[0]!.units[0]).toMatchObject({ key: 'k.[a/b]', source: text, target: `${text}!` })
  })
  it('reads CDATA and numeric references', () => {
    const xml =
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de"><file id="f" original="o"><unit id="u" name="k"><segment><source><![CDATA[a <b> & c]]></source><target>&#x41;&#66;</target></segment></unit></file></xliff>'
    expect(parseXliff(xml).files[0]!.units[0]).toMatchObject({ source: 'a <b> & c', target: 'AB' })
  })
  it('rejects inline codes and broken XML with a clear message', () => {
    const inline =
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de"><file id="f" original="o"><unit id="u" name="k"><segment><source>a</source><target>a <ph id="1"/></target></segment></unit></file></xliff>'
    expect(() => parseXliff(inline, 'x.xlf')).toThrow(/x\.xlf: o: unit u \(k\): inline markup \(<ph id="1"\/>\) is not supported/)
    expect(() => parseXliff('<xliff version="2.0"><file>', 'x.xlf')).toThrow(XliffError)
    expect(() => parseXliff('<xliff version="1.2" srcLang="en" trgLang="de"></xliff>', 'x.xlf')).toThrow('XLIFF version 1.2 is not supported')
  })
})

describe('XLIFF round trip on the real content', () => {
  // Texts taken out of a copy of content/, exported, filled with the very same texts by "the
  // agency", imported: every file must be byte for byte the original again.
  const REMOVALS: [file: string, pattern: RegExp][] = [
    ['ui/tr.yml', /^nav\.about:.*\n/m], // a flat UI key in the middle of the file
    ['countries/germany/de.yml', /label: "Angebot anfordern", /], // a key inside a flow map
    ['products/beef/de.yml', /^intro:.*\n/m], // a top-level key of a block map
    ['pages/wholesale/fr.yml', /^ {6}- label: "Envoyer une demande de vente en gros"\n {8}to:/m], // a link label in a list item
  ]

  it('export → fill → import gives back the original files exactly', async () => {
    const { yamlLeaves } = await import('../../lib/audit/yaml-leaves')
    const dir = tempDir('xliff-real-')
    const content = join(dir, 'content')
    cpSync('content', content, { recursive: true })
    const wanted = new Map<string, string>() // "file key" → original text
    for (const [file, pattern] of REMOVALS) {
      const original = readFileSync(join('content', file), 'utf8')
      const cut = original.replace(pattern, (m) => (m.startsWith('      - label') ? '      - to:' : ''))
      expect(cut, file).not.toBe(original)
      writeFileSync(join(content, file), cut)
      const have = new Set(yamlLeaves(cut, { linkField: 'to' }).leaves.map((l) => l.key))
      for (const leaf of yamlLeaves(original, { linkField: 'to' }).leaves) if (!have.has(leaf.key)) wanted.set(`${file} ${leaf.key}`, leaf.value!)
    }
    expect(wanted.size).toBe(REMOVALS.length)
    const originals = new Map(filesIn('content').map((f) => [f, readFileSync(join('content', f), 'utf8')]))
    for (const locale of ['tr', 'de', 'fr']) {
      const xlf = join(dir, `${locale}.xlf`)
      expect(runCli('export', [locale, '--content', content, '--out', xlf]).code).toBe(0)
      const filled = readFileSync(xlf, 'utf8').replace(/<file id="[^"]*" original="([^"]*)">([\s\S]*?)<\/file>/g, (whole, original: string) => {
        const file = relative(content, original).split('\\').join('/')
        return whole.replace(/<unit id="([^"]*)" name="([^"]*)">([\s\S]*?)<\/source>/g, (u, _id, key: string) => {
          const text = wanted.get(`${file} ${key}`)
          if (text === undefined) throw new Error(`unexpected unit ${file} ${key}`)
          return `${u}\n        <target>${escapeText(text)}</target>`
        })
      })
      writeFileSync(xlf, filled)
      const out = runCli('import', [xlf, '--content', content])
      expect(out.code, out.stderr).toBe(0)
    }
    const differ = filesIn(content).filter((f) => originals.get(f) !== readFileSync(join(content, f), 'utf8'))
    expect(differ).toEqual([])
  })
})
