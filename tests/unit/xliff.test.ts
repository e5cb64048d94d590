// The agency round trip: npm run i18n:export -- de writes XLIFF 2.0 of what German lacks or has
// stale; a CAT tool fills the targets; npm run i18n:import writes them back. The result must be
// exactly tests/fixtures/xliff/expected/ (comments, key order and quoting kept; missing keys,
// list items and files created where English has them), and the audit then passes.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../../lib/build/files-under'
import { buildXliff, escapeText, parseXliff, XliffError } from '../../lib/audit/xliff/xliff'
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

describe('review states and notes for translators, through export, import and the lock files', () => {
  const dir = tempDir('xliff-states-')
  const content = join(dir, 'content')
  cpSync(join(FIXTURE, 'content'), content, { recursive: true })
  const en = join(content, 'ui/en.yml')
  writeFileSync(en, readFileSync(en, 'utf8').replace('nav.quote:', '# note: The button in the header.\n# max-length: 24\nnav.quote:'))
  const xlf = join(dir, 'de.xlf')
  const units = (file: string) => parseXliff(readFileSync(file, 'utf8')).files.flatMap((f) => f.units)
  const lockLine = (key: string) =>
    readFileSync(join(content, 'i18n-lock/ui/de.yml'), 'utf8').match(new RegExp(`^"${key.replace('.', '\\.')}": ".*"$`, 'm'))?.[0]
  const auditDe = (...extra: string[]) => {
    const out = join(dir, `audit-${Math.random().toString(36).slice(2)}`)
    const run = runCli('cli', ['--content', content, '--out', out, ...extra])
    const de = (
      JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { locales: { locale: string; reviewed: number; reviewedText: string }[] }
    ).locales.find((l) => l.locale === 'de')!
    return { ...run, de }
  }

  it('the note and the length limit of an English key go out as notes; notes and states parse back as written', () => {
    expect(runCli('export', ['de', '--content', content, '--out', xlf]).code).toBe(0)
    const quote = units(xlf).find((u) => u.key === 'nav.quote')!
    expect(quote.notes.filter((n) => n.category !== 'context' && n.category !== 'state' && n.category !== 'source-hash')).toEqual([
      { category: 'description', text: 'The button in the header.' },
      { category: 'max-length', text: 'At most 24 characters, {placeholders} not counted.' },
    ])
    const home = units(xlf).find((u) => u.key === 'nav.home')!
    expect(home.notes.filter((n) => n.category === 'description').map((n) => n.text)).toEqual(['The main menu']) // a free comment stays the description
    const xml = readFileSync(xlf, 'utf8')
    expect(buildXliff(parseXliff(xml))).toBe(xml)
  })

  it('the segment states a reviewer sets are recorded in the lock beside the hashes, and the next export carries them', () => {
    const states: Record<string, string> = { 'nav.home': 'reviewed', 'nav.quote': 'final' }
    const filled = fillTargets(readFileSync(xlf, 'utf8'), content).replace(/<unit id="[^"]*" name="([^"]*)">([\s\S]*?)<\/unit>/g, (unit, key: string) =>
      unit.replace('<segment state="translated">', `<segment state="${states[key] ?? 'translated'}">`),
    )
    writeFileSync(xlf, filled)
    const out = runCli('import', [xlf, '--content', content])
    expect(out.stdout).toContain('de: 14 texts imported, 14 recorded as current (')
    expect(out.stdout).toMatch(/12 translated/)
    expect(lockLine('nav.home')).toMatch(/^"nav\.home": "[0-9a-f]{12} reviewed"$/)
    expect(lockLine('nav.quote')).toMatch(/^"nav\.quote": "[0-9a-f]{12} final"$/)
    expect(lockLine('quote.note')).toMatch(/^"quote\.note": "[0-9a-f]{12}"$/) // translated: the line as before states existed
    const all = join(dir, 'all.xlf')
    expect(runCli('export', ['de', '--all', '--content', content, '--out', all]).stdout).toContain('0 missing, 0 stale and 0 broken and 23 current de texts')
    const byKey = Object.fromEntries(units(all).map((u) => [u.key, u.state]))
    expect(byKey).toMatchObject({ 'nav.home': 'reviewed', 'nav.quote': 'final', 'quote.note': 'translated', 'site.name': 'translated' })
    // --review: what a reviewer still has to check, i.e. all but the reviewed and final texts.
    const review = join(dir, 'review.xlf')
    expect(runCli('export', ['de', '--review', '--content', content, '--out', review]).stdout).toContain('and 21 current de texts')
    expect(units(review).map((u) => u.key)).not.toContain('nav.home')
    expect(units(review).every((u) => u.state === 'translated')).toBe(true)
  })

  it('the audit counts reviewed texts apart; an edited English text makes its reviewed translation stale', () => {
    const before = auditDe('--strict-stale')
    expect(before.code).toBe(0)
    expect([before.de.reviewed, before.de.reviewedText]).toEqual([2, '8.6%']) // 2 of the 23 German texts
    writeFileSync(en, readFileSync(en, 'utf8').replace('nav.home: Home', 'nav.home: Home page'))
    const after = auditDe()
    expect(after.stdout).toMatch(/ui\/de\.yml:\d+: warning: \[stale\] nav\.home: stale/)
    expect(after.de.reviewed).toBe(1)
    const again = join(dir, 'again.xlf')
    runCli('export', ['de', '--content', content, '--out', again])
    expect(units(again)).toMatchObject([{ key: 'nav.home', source: 'Home page', target: 'Start', state: 'initial' }])
  })

  it('audit:lock: a stale text re-recorded is "translated" again; --state reviewed sets the state; a current text keeps it', () => {
    const file = join(content, 'ui/de.yml')
    expect(runCli('lock', ['--content', content, '--file', file, '--key', 'nav.home']).stdout).toContain('de: 0 recorded, 1 re-recorded')
    expect(lockLine('nav.home')).toMatch(/^"nav\.home": "[0-9a-f]{12}"$/)
    expect(runCli('lock', ['--content', content, '--file', file, '--key', 'nav.home', '--state', 'reviewed']).stdout).toContain('1 set to reviewed')
    expect(lockLine('nav.home')).toMatch(/ reviewed"$/)
    runCli('lock', ['--content', content, '--locale', 'de'])
    expect([lockLine('nav.home'), lockLine('nav.quote')]).toEqual([expect.stringMatching(/ reviewed"$/), expect.stringMatching(/ final"$/)])
    expect(runCli('lock', ['--content', content, '--locale', 'de', '--state', 'approved']).stderr).toContain(
      '--state approved: one of initial, translated, reviewed, final',
    )
  })

  it('content/audit.yml review: a required file with a text not reviewed fails the audit, naming file, line and key', () => {
    const config = join(content, 'audit.yml')
    writeFileSync(config, `${readFileSync(config, 'utf8')}review:\n  - { files: "ui/{locale}.yml" }\n`)
    const gate = auditDe()
    expect(gate.code).toBe(1)
    const flagged = [...gate.stdout.matchAll(/ui\/de\.yml:\d+: error: \[not reviewed\] ([\w.]+): not reviewed: this text must be reviewed/g)].map((m) => m[1])
    expect(flagged.sort()).toEqual(['nav.samples', 'quote.note', 'quote.rolls', 'site.name'])
    expect(gate.stdout).not.toMatch(/forms\/de\.yml.*not reviewed/) // ui/forms/ is not in the pattern
    runCli('lock', ['--content', content, '--file', join(content, 'ui/de.yml'), '--state', 'reviewed'])
    expect(auditDe().code).toBe(0)
  })
})
