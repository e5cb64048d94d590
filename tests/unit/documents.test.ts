// Downloads that download: the data sheets and size charts the build prints from the same facts
// and content as the pages, the compliance-file slots, and the lists on the built pages.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { extractText, getDocumentProxy, getMeta } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { facts, routeTable, translator } from '../../lib/content/data'
import { type DocumentFile, documentFiles, formatDate, formatSize } from '../../lib/documents/manifest'
import { productSpec, rollLengthsOrCustom } from '../../lib/facts/format'
import type { LocaleCode } from '../../lib/routing/table'
import { complianceFiles } from '../../scripts/documents/compliance-files'
import { sizeChartItem } from '../../scripts/documents/data-sheet'
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

describe('data sheets', () => {
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
      // Arabic is shaped into presentation forms in the PDF's text layer; the script is there.
      expect(text.normalize('NFKC')).toMatch(/[\u0600-\u06FF]{3}/)
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

// What a PDF reader's search finds (poppler, as in most Linux readers and pdftotext). The Arabic
// sheets use IBM Plex Sans Arabic for this (docs/DOCUMENTS.md); pdf.js still yields visual-order
// presentation forms whatever the font, so this is checked with poppler. A name holding the
// lam-alef ligature (السلامي) comes out with its two letters swapped by poppler: it is the one
// known exception, listed so that a fix, or a new casualty, shows here.
describe('the Arabic text layer (pdftotext)', () => {
  const LAM_ALEF_REVERSED = new Set(['sausage-salami'])
  const arabic = sheets.filter((s) => s.lang === 'ar')
  it.each(arabic.map((s) => [s.id, s] as const))('ar/%s: a search for the product name as written finds it, or it is the known exception', (id, sheet) => {
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(site, sheet.href), '-'], { encoding: 'utf8' })
    const name = translator('ar' as never)(`product.${id}.name`)
    expect(text.includes(name), `${name} in ${sheet.href}`).toBe(!LAM_ALEF_REVERSED.has(id))
  })
})
