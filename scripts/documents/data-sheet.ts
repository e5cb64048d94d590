// The printed documents as data: one product's technical data sheet, built from the same facts
// (content/facts.yml) and content (content/products/<id>/<locale>.yml) as its product page, and
// the size chart of every product line a language publishes, from the facts' tables. The layout
// is scripts/documents/sheet.typ; scripts/documents/print.ts prints a Sheet with it.
import { isValidElement, type ReactNode } from 'react'
import type { Product } from '../../.velite/index.js'
import { specRows } from '../../components/product/spec-rows'
import { facts, find, localeInfo, pages, routeTable, translator } from '../../lib/content/data'
import { factVars, productSpec, range, rollLengthsOrCustom } from '../../lib/facts/format'
import { interpolate } from '../../lib/i18n/translate'
import type { LocaleCode } from '../../lib/routing/table'

/**
 * Text as runs: plain text in the document's direction, and left-to-right runs inside
 * right-to-left text ("50 m", the legal name, the URL), which the layout isolates. The isolate
 * characters of lib/facts/format.ts (U+2066 … U+2069) become `{ ltr }` runs, so none of them
 * lands in the PDF's text layer, where a search for "50 m" would not find "⁦50 m⁩".
 */
export type Run = { text: string } | { ltr: string }
export type Block =
  | { type: 'heading'; text: Run[] }
  | { type: 'paragraph'; text: Run[]; note?: true }
  /** Label and value per row: the label is the row's header. */
  | { type: 'rows'; rows: [label: Run[], value: Run[]][] }
  /** A table with column headers; each row's first cell is its header. */
  | { type: 'table'; head: Run[][]; rows: Run[][][] }
  | { type: 'list'; items: Run[][] }

export type Sheet = {
  lang: LocaleCode
  dir: 'ltr' | 'rtl'
  /** The PDF's title (its metadata, what a reader's window shows). */
  title: string
  /** YYYY-MM-DD: the PDF's date. */
  date: string
  brand: { name: string; alt: string }
  /** What the document is ("Technical data sheet"), at the end of the header. */
  kind?: string
  heading: string
  blocks: Block[]
  contact: { heading: string; legalName: string; email: string; phone: string; url: string }
  footer: Run[]
}

export type DataSheetInput = { product: Product; locale: LocaleCode; pageUrl: string; date: string; formattedDate: string }
export type SizeChartInput = Omit<DataSheetInput, 'product'>

export function dataSheetTitle(productId: string, locale: LocaleCode): string {
  const t = translator(locale)
  return t('documents.sheet.fileLabel', { product: t(`product.${productId}.name`) })
}

/** The first strong direction of a text: what the page's `<bdi>` (dir="auto") decides. */
const firstStrong = (text: string): 'ltr' | 'rtl' | undefined => {
  const m = /[A-Za-z\u00C0-\u024F]|[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.exec(text)
  return m ? (/[A-Za-z\u00C0-\u024F]/.test(m[0]) ? 'ltr' : 'rtl') : undefined
}

/** Text holding isolates (U+2066 … U+2069, lib/facts/format.ts) as runs; in a left-to-right document they are plain text. */
export function runs(text: string, dir: 'ltr' | 'rtl'): Run[] {
  const out: Run[] = []
  text.split(/\u2066([^\u2066\u2069]*)\u2069/).forEach((part, i) => {
    if (!part) return
    if (i % 2 && dir === 'rtl') out.push({ ltr: part })
    else if (out.length && 'text' in out[out.length - 1]!) (out[out.length - 1] as { text: string }).text += part
    else out.push({ text: part })
  })
  if (out.some((r) => /[\u2066-\u2069]/.test('text' in r ? r.text : r.ltr))) throw new Error(`unbalanced left-to-right isolate in "${text}"`)
  return out
}

/**
 * A spec row's value as the product page renders it (components/product/spec-rows.tsx): a
 * string, or a `<bdi>` holding one; `<bdi dir="ltr">` is a left-to-right run, a `<bdi>` without
 * dir takes the direction of its first strong letter, as the browser does.
 */
export function nodeRuns(node: ReactNode, dir: 'ltr' | 'rtl'): Run[] {
  if (typeof node === 'string') return runs(node, dir)
  if (isValidElement<{ dir?: string; children?: ReactNode }>(node) && node.type === 'bdi' && typeof node.props.children === 'string') {
    const text = node.props.children.replace(/[\u2066-\u2069]/g, '')
    const own = node.props.dir === 'ltr' ? 'ltr' : (firstStrong(text) ?? dir)
    return dir === 'rtl' && own === 'ltr' ? [{ ltr: text }] : [{ text }]
  }
  throw new Error(`components/product/spec-rows.tsx: a row value the data sheet cannot print (a string or a <bdi> holding one): ${String(node)}`)
}

type Shell = Pick<Sheet, 'title' | 'kind' | 'heading' | 'blocks'> & { locale: LocaleCode; date: string; formattedDate: string; pageUrl: string }

/** What every printed document has: the brand header, the contact block and the issue date. */
function document({ locale, title, kind, heading, blocks, date, formattedDate, pageUrl }: Shell): Sheet {
  const dir = localeInfo(locale).dir === 'rtl' ? 'rtl' : 'ltr'
  const t = translator(locale)
  const b = facts.business
  const host = new URL(b.siteUrl).host
  return {
    lang: locale,
    dir,
    title,
    date,
    brand: { name: b.name, alt: b.brand },
    ...(kind && { kind }),
    heading,
    blocks,
    contact: { heading: t('documents.sheet.contact'), legalName: b.legalName, email: b.email, phone: b.phone, url: pageUrl },
    footer: runs(t('documents.sheet.issued', { date: formattedDate, site: dir === 'rtl' ? `\u2066${host}\u2069` : host }), dir),
  }
}

/** A product's data sheet: its name, introduction, the product page's spec rows, its compliance documents. */
export function dataSheet({ product, locale, pageUrl, date, formattedDate }: DataSheetInput): Sheet {
  const dir = localeInfo(locale).dir === 'rtl' ? 'rtl' : 'ltr'
  // Lists ("50 m und 100 m") and every value in the sheet's language, as on the product page
  const vars = factVars(facts, dir === 'rtl', locale, localeInfo(locale).range)
  const t = translator(locale, vars)
  const fill = (text: string) => runs(interpolate(text, vars, locale), dir)
  const spec = productSpec(facts, product.id, locale)
  const heatNote = facts.products[product.id]?.heatNote === 'smoking'
  const rows = specRows(t, spec, rollLengthsOrCustom(facts, locale, t('spec.customLength')), heatNote)
  return document({
    locale,
    title: dataSheetTitle(product.id, locale),
    kind: t('documents.sheet.heading'),
    heading: t(`product.${product.id}.name`),
    date,
    formattedDate,
    pageUrl,
    blocks: [
      { type: 'paragraph', text: fill(product.intro) },
      { type: 'heading', text: runs(t('product.techSpecs'), dir) },
      { type: 'rows', rows: rows.map(([label, value]) => [runs(label, dir), nodeRuns(value, dir)]) },
      // The compliance documents; the content lists no data sheet here, this is it
      { type: 'heading', text: runs(t('product.complianceDocs'), dir) },
      { type: 'list', items: product.compliance_docs.map(fill) },
    ],
  })
}

/** The downloads page's size-chart item (content/pages/downloads/<locale>.yml): its title and text. */
export function sizeChartItem(locale: LocaleCode): { title: string; text: string } {
  const page = find(pages, 'downloads', locale, `content/pages/downloads/${locale}.yml`)
  const item = page.blocks.flatMap((b) => (b.type === 'downloads' ? b.items : [])).find((i) => i.id === SIZE_CHART)
  if (!item) throw new Error(`content/pages/downloads/${locale}.yml: the downloads block has no item "${SIZE_CHART}" for the generated size chart`)
  return item
}
export const SIZE_CHART = 'size-chart'

/** One row per product line the language publishes: the line's values from content/facts.yml. */
export function sizeChartRows(locale: LocaleCode): { id: string; name: string; diameter: string; circumference: string; stitches: string }[] {
  const t = translator(locale)
  return [...routeTable.routes.values()]
    .filter((r) => r.page === 'product' && r.paths[locale])
    .map((r) => {
      const id = r.param!
      const p = facts.products[id]
      if (!p) throw new Error(`content/facts.yml: products.${id} is missing`)
      // the inner diameter is the diameter of the meat the net holds, so its circumference is × π
      const around = { min: Math.round(p.diameterMm.min * Math.PI), max: Math.round(p.diameterMm.max * Math.PI) }
      return { id, name: t(`product.${id}.name`), diameter: range(p.diameterMm, 'mm'), circumference: range(around, 'mm'), stitches: p.stitches.join(' / ') }
    })
}

/** The size chart of a language: every product line's diameters and stitch counts, and the roll lengths. */
export function sizeChart({ locale, pageUrl, date, formattedDate }: SizeChartInput): Sheet {
  const dir = localeInfo(locale).dir === 'rtl' ? 'rtl' : 'ltr'
  const vars = factVars(facts, dir === 'rtl', locale, localeInfo(locale).range)
  const t = translator(locale, vars)
  const item = sizeChartItem(locale)
  const value = (v: string): Run[] => [dir === 'rtl' ? { ltr: v } : { text: v }]
  const text = (v: string) => runs(v, dir)
  return document({
    locale,
    title: item.title,
    heading: item.title,
    date,
    formattedDate,
    pageUrl,
    blocks: [
      { type: 'paragraph', text: runs(interpolate(item.text, vars, locale), dir) },
      {
        type: 'table',
        head: [t('documents.sizeChart.product'), t('spec.innerDiameter'), t('documents.sizeChart.circumference'), t('spec.stitchCounts')].map(text),
        rows: sizeChartRows(locale).map((row) => [text(row.name), value(row.diameter), value(row.circumference), value(row.stitches)]),
      },
      { type: 'heading', text: text(t('spec.rollLengths')) },
      { type: 'paragraph', text: text(rollLengthsOrCustom(facts, locale, t('spec.customLength'))) },
      { type: 'paragraph', text: text(t('documents.sizeChart.note')), note: true },
    ],
  })
}
