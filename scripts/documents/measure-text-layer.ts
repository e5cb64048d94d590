// Measures the sheets' text layer: prints every data sheet and size chart in every language (as
// ./build.ts does, dated today, into a temporary folder) and reports, per language and extractor,
// the share of the printed words that come out whole (in any order) and in order, and how many of the sheet's texts
// (a paragraph, a table cell, a list item) come out whole.
//   node --import tsx scripts/documents/measure-text-layer.ts [--show] [--lang=ar]
// --show prints, for each sheet, the texts that did not come out whole; --lang measures one language.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { facts, find, products, routeTable } from '../../lib/content/data'
import { formatDate } from '../../lib/documents/manifest'
import type { LocaleCode } from '../../lib/routing/table'
import { dataSheet, type Sheet, sizeChart } from './data-sheet'
import { printSheet } from './print'
import { missingTexts, pdfjsText, popplerText, sheetTexts, wordsAnywhere, wordsInOrder } from './text-layer'

const show = process.argv.includes('--show')
const only = process.argv.find((a) => a.startsWith('--lang='))?.slice('--lang='.length)
const date = new Date().toISOString().slice(0, 10)
const sheets: { name: string; sheet: Sheet }[] = []
for (const route of routeTable.routes.values()) {
  if (route.page !== 'product') continue
  for (const locale of Object.keys(route.paths) as LocaleCode[]) {
    const product = find(products, route.param!, locale, `content/products/${route.param}/${locale}.yml`)
    const pageUrl = facts.business.siteUrl + route.paths[locale]
    sheets.push({ name: `${route.param}/${locale}`, sheet: dataSheet({ product, locale, pageUrl, date, formattedDate: formatDate(date, locale) }) })
  }
}
const downloads = routeTable.routes.get('downloads')!
for (const locale of Object.keys(downloads.paths) as LocaleCode[]) {
  const pageUrl = facts.business.siteUrl + downloads.paths[locale]
  sheets.push({ name: `size-chart/${locale}`, sheet: sizeChart({ locale, pageUrl, date, formattedDate: formatDate(date, locale) }) })
}

const dir = mkdtempSync(join(tmpdir(), 'text-layer-'))
type Tally = { words: number; found: number; any: number; texts: number; whole: number; sheets: number; perfect: number }
const tally = new Map<string, Tally>()
const add = (key: string, t: Omit<Tally, 'sheets' | 'perfect'>) => {
  const s = tally.get(key) ?? { words: 0, found: 0, any: 0, texts: 0, whole: 0, sheets: 0, perfect: 0 }
  s.words += t.words
  s.found += t.found
  s.any += t.any
  s.texts += t.texts
  s.whole += t.whole
  s.sheets += 1
  if (t.whole === t.texts) s.perfect += 1
  tally.set(key, s)
}
try {
  for (const { name, sheet } of sheets.filter((s) => !only || s.sheet.lang === only)) {
    const file = join(dir, `${name.replace('/', '-')}.pdf`)
    writeFileSync(file, printSheet(sheet))
    const expected = sheetTexts(sheet)
    for (const [extractor, text] of [
      ['poppler', popplerText(file)],
      ['pdf.js', await pdfjsText(new Uint8Array(readFileSync(file)))],
    ] as const) {
      const { found, total } = wordsInOrder(expected, text)
      const missing = missingTexts(expected, text)
      add(`${sheet.lang} ${extractor}`, {
        words: total,
        found,
        any: wordsAnywhere(expected, text),
        texts: expected.length,
        whole: expected.length - missing.length,
      })
      if (show && missing.length) console.log(`${name} ${extractor}: not whole:\n  ${missing.join('\n  ')}`)
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`
console.log('| language | extractor | words whole | words in order | texts whole | sheets all whole |\n| --- | --- | --- | --- | --- | --- |')
for (const [key, t] of [...tally].sort()) {
  const [lang, extractor] = key.split(' ')
  console.log(
    `| ${lang} | ${extractor} | ${pct(t.any, t.words)} | ${t.found} of ${t.words} (${pct(t.found, t.words)}) | ${t.whole} of ${t.texts} | ${t.perfect} of ${t.sheets} |`,
  )
}
