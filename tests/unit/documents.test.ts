// Downloads that download: the data sheets and size charts the build prints from the same facts
// and content as the pages, the compliance-file slots, and the lists on the built pages. The
// PDFs are read as a reader's software reads them: pdf.js (unpdf) and poppler (pdftotext,
// pdffonts), which the Arabic text layer is measured with (docs/DOCUMENTS.md).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { extractText, getDocumentProxy, getMeta } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { facts, find, products, routeTable, translator } from '../../lib/content/data'
import { type DocumentFile, dataSheets, documentFiles, formatDate, formatSize, itemFiles } from '../../lib/documents/manifest'
import { productSpec, rollLengthsOrCustom } from '../../lib/facts/format'
import type { LocaleCode } from '../../lib/routing/table'
import { complianceFiles } from '../../scripts/documents/compliance-files'
import { dataSheet, type Run, type Sheet, sizeChart, sizeChartItem } from '../../scripts/documents/data-sheet'
import { missingTexts, normalize, pdfjsText, popplerText, sheetTexts } from '../../scripts/documents/text-layer'
import { tempDir } from '../setup/temp-dirs'

const site = 'dist/client'
const productRoutes = [...routeTable.routes.values()].filter((r) => r.page === 'product')
const sheets = documentFiles().filter((f) => f.kind === 'data-sheet')
const charts = documentFiles().filter((f) => f.kind === 'size-chart')
const open = async (file: DocumentFile) => getDocumentProxy(new Uint8Array(readFileSync(join(site, file.href))))
/** The text layer as pdf.js reads it, whitespace collapsed. */
const textOf = async (file: DocumentFile) => (await extractText(await open(file), { mergePages: true })).text.replace(/\s+/g, ' ')
/** Where on the page (x of its left edge) the text item containing `needle` starts. */
async function leftEdgeOf(file: DocumentFile, needle: string): Promise<number> {
  const page = await (await open(file)).getPage(1)
  const items = (await page.getTextContent()).items as { str: string; transform: number[] }[]
  const item = items.find((i) => i.str.includes(needle))
  if (!item) throw new Error(`${file.href}: no text item contains "${needle}"`)
  return item.transform[4]!
}
const latin = (lang: string) => lang !== 'ar'
const poppler = (file: DocumentFile) =>
  // without the embedding marks (U+202A … U+202E) pdftotext puts around each right-to-left line
  execFileSync('pdftotext', ['-enc', 'UTF-8', join(site, file.href), '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).replace(
    /[\u202A-\u202E]/g,
    '',
  )
/** Arabic words: letters and their marks, without punctuation (the Arabic comma) or digits. */
const arabicWords = (text: string) => text.match(/[\u0620-\u065F\u066E-\u06D3\u06D5\u06EE-\u06FF]+/g) ?? []
const runText = (runs: Run[]) => runs.map((r) => ('text' in r ? r.text : r.ltr)).join('')
/** The sheet the build printed for a data-sheet file, made again from the same code. */
function sheetOf(file: DocumentFile): Sheet {
  const lang = file.lang as LocaleCode
  const route = routeTable.routes.get(`product/${file.id}`)!
  const product = find(products, file.id, lang, `content/products/${file.id}/${lang}.yml`)
  return dataSheet({ product, locale: lang, pageUrl: facts.business.siteUrl + route.paths[lang], date: file.date, formattedDate: formatDate(file.date, lang) })
}
/** The product page's spec table as built: [label, value] per row, as text. */
function pageSpecRows(file: DocumentFile): string[][] {
  const path = routeTable.routes.get(`product/${file.id}`)!.paths[file.lang as LocaleCode]!
  const html = readFileSync(join(site, path, 'index.html'), 'utf8')
  const table = /<table class="spec-table"[^>]*>([\s\S]*?)<\/table>/.exec(html)?.[1]
  if (!table) throw new Error(`${path}: no spec table`)
  const text = (cell: string) =>
    cell
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/[\u2066-\u2069]/g, '')
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => text(c[1]!)))
}

describe('data sheets', () => {
  it('a product’s sheets, and an item’s other files, are those of the manifest, in its order', () => {
    for (const id of new Set(documentFiles().map((f) => f.id))) {
      expect(dataSheets(id)).toEqual(documentFiles().filter((f) => f.kind === 'data-sheet' && f.id === id))
      expect(itemFiles(id)).toEqual(documentFiles().filter((f) => f.kind !== 'data-sheet' && f.id === id))
    }
    expect(dataSheets('beef').map((f) => f.lang)).toEqual(expect.arrayContaining(['en', 'ar']))
    expect(itemFiles('size-chart')).toHaveLength(routeTable.locales.length)
    expect(dataSheets('no-such-product')).toEqual([])
  })
  it('exist for every product in every language it is published in, and nowhere else', () => {
    const expected = productRoutes.flatMap((r) => Object.keys(r.paths).map((l) => `${r.param}/${l}`)).sort()
    expect(sheets.map((s) => `${s.id}/${s.lang}`).sort()).toEqual(expected)
    for (const s of sheets) expect(existsSync(join(site, s.href)), s.href).toBe(true)
  })

  it.each(sheets.map((s) => [`${s.id}/${s.lang}`, s] as const))('%s opens and carries its title and values in its language', async (_, sheet) => {
    const pdf = await getDocumentProxy(new Uint8Array(readFileSync(join(site, sheet.href))))
    expect(pdf.numPages).toBeGreaterThanOrEqual(1)
    const t = translator(sheet.lang as never)
    const name = t(`product.${sheet.id}.name`)
    const { info } = await getMeta(pdf)
    expect((info as { Title?: string }).Title).toBe(t('documents.sheet.fileLabel', { product: name }))
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ')
    const spec = productSpec(facts, sheet.id)
    for (const value of [spec.diameter, `${facts.products[sheet.id]!.heatC} °C`, facts.business.email]) expect(text).toContain(value)
    for (const n of facts.products[sheet.id]!.stitches) expect(text).toContain(String(n))
    if (sheet.lang === 'ar') {
      // The text layer holds Arabic letters as written, not the shaped presentation forms
      expect(text).not.toMatch(/[\uFB50-\uFDFF\uFE70-\uFEFF]/)
      for (const word of t('spec.innerDiameter').split(' ')) expect(text).toContain(word)
    } else {
      expect(text).toContain(name)
      expect(text).toContain(t('spec.innerDiameter'))
      expect(text).toContain(t('spec.heatResistance'))
    }
  })

  it.each(sheets.filter((s) => latin(s.lang)).map((s) => [`${s.id}/${s.lang}`, s] as const))(
    '%s lists its values in its own language, and its compliance list does not name the sheet itself',
    async (_, sheet) => {
      const lang = sheet.lang as LocaleCode
      const t = translator(lang)
      const text = await textOf(sheet)
      // "50 m, 100 m oder Sonderlängen auf Anfrage": Intl.ListFormat of the sheet's language
      expect(text).toContain(rollLengthsOrCustom(facts, lang, t('spec.customLength')))
      if (lang !== 'en') expect(text).not.toMatch(/\b(and|or) (100 m|custom)/)
      const compliance = text.slice(text.indexOf(t('product.complianceDocs')), text.indexOf(t('documents.sheet.contact')))
      expect(compliance.length).toBeGreaterThan(t('product.complianceDocs').length)
      expect(compliance.toLowerCase()).not.toContain(t('documents.sheet.heading').toLowerCase())
    },
  )
  it('the German sheet says "50 m, 100 m oder Sonderlängen auf Anfrage", not the English list', async () => {
    const text = await textOf(sheets.find((s) => s.id === 'beef' && s.lang === 'de')!)
    expect(text).toContain('50 m, 100 m oder Sonderlängen auf Anfrage')
    expect(text).not.toContain('50 m and 100 m')
  })
  it.each(sheets.map((s) => [`${s.id}/${s.lang}`, s] as const))(
    '%s prints the product page’s spec rows, label and value, from the same code',
    async (_, sheet) => {
      const rows = sheetOf(sheet).blocks.flatMap((b) => (b.type === 'rows' ? b.rows : []))
      expect(rows.map(([label, value]) => [runText(label), runText(value)])).toEqual(pageSpecRows(sheet))
      // and the PDF says them. In Arabic the extractors' own reordering moves brackets and dashes
      // around a left-to-right run, so there each run's words are what must come out whole: the
      // left-to-right ones as pdf.js reads them, the Arabic ones as poppler does, letter for letter
      // (with Plex's letter-pair ligatures on, "بوليستر" came out "بوليسرت": docs/DOCUMENTS.md)
      const js = await textOf(sheet)
      if (latin(sheet.lang)) {
        for (const [label, value] of rows) expect(js).toContain(`${runText(label)} ${runText(value)}`)
        return
      }
      const pop = new Set(arabicWords(poppler(sheet)))
      const latinWords = new Set(js.match(/[^\s()\u0600-\u06FF]+/g))
      for (const run of rows.flat(2)) {
        if ('ltr' in run) for (const word of run.ltr.match(/[^\s()]+/g)!) expect(latinWords).toContain(word)
        else for (const word of arabicWords(run.text)) expect(pop, word).toContain(word)
      }
    },
  )
  it.each(sheets.filter((s) => s.lang === 'ar').map((s) => [s.id, s] as const))(
    'ar/%s: the legal name keeps its full stop at its end, and the roll list runs right to left',
    async (_, sheet) => {
      const text = await textOf(sheet)
      expect(text).toContain(facts.business.legalName)
      expect(text).not.toContain(`.${facts.business.legalName.slice(0, -1)}`)
      expect(text).not.toMatch(/\b(and|or) 100 m/)
      // the first length of the list stands to the right of the second, as Arabic reads
      expect(await leftEdgeOf(sheet, '50 m')).toBeGreaterThan(await leftEdgeOf(sheet, '100 m'))
    },
  )
})

/** The size chart the build printed for a size-chart file, made again from the same code. */
function chartOf(file: DocumentFile): Sheet {
  const lang = file.lang as LocaleCode
  const pageUrl = facts.business.siteUrl + routeTable.routes.get('downloads')!.paths[lang]
  return sizeChart({ locale: lang, pageUrl, date: file.date, formattedDate: formatDate(file.date, lang) })
}

// The text layer against the content it was printed from (scripts/documents/text-layer.ts,
// measured per language by scripts/documents/measure-text-layer.ts; docs/DOCUMENTS.md): every text
// of the sheet (the name, each paragraph, spec row, list item, the contact block and the footer)
// must come out whole and in order, as a buyer's search or copy needs it.
describe('the text layer, left-to-right languages', () => {
  const readers = [
    ['poppler', async (f: DocumentFile) => popplerText(join(site, f.href))],
    ['pdf.js', async (f: DocumentFile) => pdfjsText(new Uint8Array(readFileSync(join(site, f.href))))],
  ] as const
  const latinSheets = sheets.filter((s) => latin(s.lang))
  it.each(readers.flatMap(([reader, read]) => latinSheets.map((s) => [reader, `${s.id}/${s.lang}`, s, read] as const)))(
    '%s reads %s: every text whole and in order',
    async (_, __, sheet, read) => {
      const text = await read(sheet)
      expect(text).toContain(normalize(translator(sheet.lang as never)(`product.${sheet.id}.name`)))
      expect(missingTexts(sheetTexts(sheetOf(sheet)), text)).toEqual([])
    },
  )
  // poppler reads a table row line by line across its cells, so a cell of two lines beside another
  // of two lines ("Circonférence du / produit", "Nombres de / mailles") comes out interleaved:
  // its size charts are held to their text outside the table, and to each row's values
  it.each(readers.flatMap(([reader, read]) => charts.filter((c) => latin(c.lang)).map((c) => [reader, c.lang, c, read] as const)))(
    '%s reads the %s size chart: its texts whole and in order',
    async (reader, _, chart, read) => {
      const sheet = chartOf(chart)
      const text = await read(chart)
      const inTable = new Set(sheet.blocks.flatMap((b) => (b.type === 'table' ? [...b.head, ...b.rows.flat()].map((r) => normalize(runText(r))) : [])))
      // each row's values as one run of text ("90–220 mm 283–691 mm 20 / 24 / 28")
      const values = sheet.blocks.flatMap((b) => (b.type === 'table' ? b.rows.map((row) => row.slice(1).map(runText).join(' ')) : []))
      const expected = reader === 'poppler' ? sheetTexts(sheet).filter((t) => !inTable.has(t)) : sheetTexts(sheet)
      expect(missingTexts(expected, text)).toEqual([])
      for (const v of values) expect(text).toContain(v)
    },
  )
})

describe('size charts', () => {
  const downloads = routeTable.routes.get('downloads')!
  it('exist in every language of the downloads page', () => {
    expect(charts.map((c) => c.lang).sort()).toEqual(Object.keys(downloads.paths).sort())
    for (const c of charts) expect(existsSync(join(site, c.href)), c.href).toBe(true)
  })
  // one row of the chart as the text layer reads it: diameters, the circumference they hold (the
  // inner diameter is the meat's diameter, so × π) and stitch counts, from content/facts.yml; pdf.js
  // joins the cells of an Arabic row without a space
  const rowOf = (id: string) => {
    const { diameterMm: d, stitches } = facts.products[id]!
    const cells = [`${d.min}–${d.max} mm`, `${Math.round(d.min * Math.PI)}–${Math.round(d.max * Math.PI)} mm`, stitches.join(' / ')]
    return new RegExp(cells.join('\\s*'))
  }
  it.each(charts.map((c) => [c.lang, c] as const))('%s lists every product line it publishes, with the facts’ values, in its language', async (_, chart) => {
    const lang = chart.lang as LocaleCode
    const t = translator(lang)
    const text = await textOf(chart)
    const { info } = await getMeta(await open(chart))
    expect((info as { Title?: string }).Title).toBe(sizeChartItem(lang).title)
    const published = productRoutes.filter((r) => r.paths[lang]).map((r) => r.param!)
    for (const id of Object.keys(facts.products)) expect(rowOf(id).test(text), `${lang}: ${id}`).toBe(published.includes(id))
    if (latin(lang)) {
      for (const id of published) expect(text).toContain(t(`product.${id}.name`))
      expect(text).toContain(rollLengthsOrCustom(facts, lang, t('spec.customLength')))
    }
  })
})

describe('every printed PDF', () => {
  const pdffonts = (file: DocumentFile) =>
    execFileSync('pdffonts', [join(site, file.href)], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => ({ name: line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''), embedded: line.split(/\s+/).at(-5) === 'yes' }))
  it.each([...sheets, ...charts].map((f) => [`${f.id}/${f.lang}`, f] as const))(
    '%s is tagged (headings, table, list, figure with its text) in its language, and embeds its fonts',
    async (_, file) => {
      const pdf = await open(file)
      expect(await pdf.getMarkInfo()).toMatchObject({ Marked: true })
      const roles: string[] = []
      const walk = (node: { role?: string; alt?: string; children?: unknown[] }) => {
        if (node.role) roles.push(node.alt ? `${node.role}:${node.alt}` : node.role)
        for (const child of node.children ?? []) walk(child as typeof node)
      }
      walk((await (await pdf.getPage(1)).getStructTree()) as never)
      expect(roles).toEqual(expect.arrayContaining(['H1', 'H2', 'Table', 'TR', 'TD', 'Link', `Figure:${facts.business.brand}`]))
      if (file.kind === 'data-sheet') expect(roles).toEqual(expect.arrayContaining(['L', 'LI']))
      else expect(roles).toContain('TH')
      expect(readFileSync(join(site, file.href), 'latin1')).toContain(`/Lang (${file.lang})`)
      const fonts = pdffonts(file)
      expect(fonts.every((f) => f.embedded)).toBe(true)
      // Noto Sans for Latin text everywhere, IBM Plex Sans Arabic for Arabic (docs/DOCUMENTS.md)
      const families = ['NotoSans-Regular', 'NotoSans-Bold', ...(latin(file.lang) ? [] : ['IBMPlexSansArabic-Regular', 'IBMPlexSansArabic-Bold'])]
      expect(new Set(fonts.map((f) => f.name))).toEqual(new Set(families))
    },
  )
})

describe('built pages list the files', () => {
  const html = (path: string) => readFileSync(join(site, path, 'index.html'), 'utf8')
  it('a product page lists its data sheet in every language, the reader’s first, with language, size and date', () => {
    const page = html(routeTable.routes.get('product/beef')!.paths.de!)
    const links = [...page.matchAll(/<a href="(\/documents\/[^"]+\.pdf)"[^>]*hrefLang="([a-z]+)"/gi)].map((m) => [m[1], m[2]])
    expect(links.length).toBe(Object.keys(routeTable.routes.get('product/beef')!.paths).length)
    expect(links[0]![1]).toBe('de')
    expect(page).toContain('Rindfleischnetz: technisches Datenblatt'.replace('Rindfleischnetz', translator('de')('product.beef.name')))
    expect(page).toMatch(/Deutsch · PDF · \d+ kB · \d{1,2}\. \w+ 20\d\d/)
  })
  it.each(Object.keys(routeTable.routes.get('downloads')!.paths))('the %s downloads page offers the size chart in every language, its own first', (lang) => {
    const page = html(routeTable.routes.get('downloads')!.paths[lang as LocaleCode]!)
    const item = page.slice(page.indexOf('id="size-chart"'), page.indexOf('</ul>', page.indexOf('id="size-chart"')))
    const hrefs = [...item.matchAll(/href="(\/documents\/[^"]+\.pdf)"/g)].map((m) => m[1])
    expect(hrefs[0]).toBe(charts.find((c) => c.lang === lang)!.href)
    expect(hrefs.sort()).toEqual(charts.map((c) => c.href).sort())
    expect(item).not.toContain('class="on-request"')
  })
  it('the downloads page lists every product’s sheet in its language, and says the unpublished documents come on request', () => {
    const page = html(routeTable.routes.get('downloads')!.paths.fr!)
    const hrefs = [...page.matchAll(/href="(\/documents\/[^"]+-fr\.pdf)"/g)].map((m) => m[1]!)
    expect(hrefs.filter((h) => h.includes('-data-sheet-')).length).toBe(productRoutes.filter((r) => r.paths.fr).length)
    expect(page).toContain(translator('fr')('documents.onRequest').replace(/'/g, '&#x27;'))
    expect(page).not.toMatch(/Aucun fichier n.est téléchargeable/)
  })
})

describe('compliance-file slots (content/documents/<document>/<lang>_<YYYY-MM-DD>.pdf)', () => {
  const root = () => tempDir('documents-')
  const drop = (dir: string, doc: string, name: string, body = '%PDF-1.7 test') => {
    mkdirSync(join(dir, doc), { recursive: true })
    writeFileSync(join(dir, doc, name), body)
  }
  const ids = ['fda-statement', 'brc-certificate']
  const locales = ['en', 'tr', 'de']

  it('lists a dropped file with its language, date and size, and nothing when the folder is absent', () => {
    const dir = root()
    drop(dir, 'fda-statement', 'en_2026-05-04.pdf')
    drop(dir, 'brc-certificate', 'all_2025-12-31.pdf')
    expect(complianceFiles(dir, ids, locales)).toEqual([
      { id: 'brc-certificate', lang: 'all', date: '2025-12-31', source: join(dir, 'brc-certificate', 'all_2025-12-31.pdf'), bytes: 13 },
      { id: 'fda-statement', lang: 'en', date: '2026-05-04', source: join(dir, 'fda-statement', 'en_2026-05-04.pdf'), bytes: 13 },
    ])
    expect(complianceFiles(join(dir, 'absent'), ids, locales)).toEqual([])
  })
  it.each([
    ['fda-statement', 'english.pdf', /english\.pdf: name it <lang>_<YYYY-MM-DD>\.pdf/],
    ['fda-statement', 'xx_2026-05-04.pdf', /"xx" is not a locale of content\/locales\.yml/],
    ['fda-statement', 'en_2026-13-45.pdf', /2026-13-45 is not a real date/],
    ['iso-certificate', 'en_2026-05-04.pdf', /"iso-certificate" is not a document of the downloads page/],
    ['size-chart', 'en_2026-05-04.pdf', /size-chart: the build generates "size-chart" from content\/facts\.yml/],
  ])('rejects %s/%s, naming the file', (doc, name, message) => {
    const dir = root()
    drop(dir, doc, name)
    expect(() => complianceFiles(dir, [...ids, 'size-chart'], locales, ['size-chart'])).toThrow(message)
  })
})

describe('file details', () => {
  it('formats size and date in the reader’s language, with Latin digits in Arabic as everywhere on the site', () => {
    expect(formatDate('2026-11-23', 'de')).toBe('23. November 2026')
    expect(formatDate('2026-11-23', 'tr')).toBe('23 Kasım 2026')
    expect(formatDate('2026-11-23', 'ar')).toMatch(/^23 نوفمبر 2026$/)
    expect(formatSize(36_748, 'en')).toBe('37 kB')
    expect(formatSize(36_748, 'fr')).toBe('37\u202fko') // French puts a narrow no-break space before the unit
  })
})

// What a PDF reader's search finds in Arabic. Chromium, which printed the sheets before, gave
// poppler 5 of the 6 names and 85 % of the Arabic words, and pdf.js none of the names and 3 %;
// Typst with Plex's letter-pair ligatures 5 of 6, 85 % and 81 %; without them (now) 6 of 6, 95 %
// and 90 %. What still goes wrong, and why (a vowel or shadda mark doubled; pdf.js gives each
// line's words left to right, so no name of several words is found), is in docs/DOCUMENTS.md.
describe('the Arabic text layer', () => {
  const arabic = sheets.filter((s) => s.lang === 'ar')
  /** The Arabic words of the sheet, as the content writes them. */
  const written = (sheet: DocumentFile) => {
    const s = sheetOf(sheet)
    const all = [s.heading, ...s.blocks.flatMap((b) => JSON.stringify(b)), runText(s.footer), s.contact.heading].join(' ')
    return arabicWords(all)
  }
  it('a search for the product name as written finds all 6 (poppler)', () => {
    const found = arabic.filter((sheet) => poppler(sheet).includes(translator('ar')(`product.${sheet.id}.name`)))
    expect(arabic).toHaveLength(6)
    expect(found).toEqual(arabic)
  })
  it.each([
    ['poppler', async (s: DocumentFile) => poppler(s), 0.94],
    ['pdf.js', textOf, 0.89],
  ] as const)('%s reads most Arabic words whole', async (_, read, share) => {
    let found = 0
    let total = 0
    for (const sheet of arabic) {
      const have = new Set(arabicWords(await read(sheet)))
      const expected = written(sheet)
      found += expected.filter((w) => have.has(w)).length
      total += expected.length
    }
    expect(total).toBeGreaterThan(500)
    expect(found / total).toBeGreaterThan(share)
  })
})
