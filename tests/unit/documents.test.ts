// Downloads that download: the data sheets the build prints from the same facts and content as
// the product pages, the compliance-file slots, and the lists on the built pages.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extractText, getDocumentProxy, getMeta } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { facts, routeTable, translator } from '../../lib/content/data'
import { documentFiles, formatDate, formatSize } from '../../lib/documents/manifest'
import { productSpec } from '../../lib/facts/format'
import { complianceFiles } from '../../scripts/documents/compliance-files'
import { tempDir } from '../setup/temp-dirs'

const site = 'dist/client'
const productRoutes = [...routeTable.routes.values()].filter((r) => r.page === 'product')
const sheets = documentFiles().filter((f) => f.kind === 'data-sheet')

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
  it('the downloads page lists every product’s sheet in its language, and says the unpublished documents come on request', () => {
    const page = html(routeTable.routes.get('downloads')!.paths.fr!)
    const hrefs = [...page.matchAll(/href="(\/documents\/[^"]+-fr\.pdf)"/g)].map((m) => m[1])
    expect(hrefs.length).toBe(productRoutes.filter((r) => r.paths.fr).length)
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
  ])('rejects %s/%s, naming the file', (doc, name, message) => {
    const dir = root()
    drop(dir, doc, name)
    expect(() => complianceFiles(dir, ids, locales)).toThrow(message)
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
