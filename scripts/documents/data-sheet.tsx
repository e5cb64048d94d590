// The printed documents as printable HTML: one product's technical data sheet, built from the
// same facts (content/facts.yml) and content (content/products/<id>/<locale>.yml) as its product
// page, and the size chart of every product line a language publishes, from the facts' tables.
import { readFileSync } from 'node:fs'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Product } from '../../.velite/index.js'
import { facts, find, localeInfo, pages, routeTable, translator } from '../../lib/content/data'
import { specRows } from '../../components/product/spec-rows'
import { factVars, isolateLtr, productSpec, range, rollLengthsOrCustom } from '../../lib/facts/format'
import { interpolate } from '../../lib/i18n/translate'
import type { LocaleCode } from '../../lib/routing/table'
import { embeddedFontCss } from './fonts'

const LOGO = `data:image/svg+xml;base64,${readFileSync('public/logo.svg').toString('base64')}`

const STYLE = `
@page { size: A4; margin: 16mm 16mm 18mm; }
* { box-sizing: border-box; }
body { font-family: 'Noto Sans', 'IBM Plex Sans Arabic', sans-serif; color: #14201f; font-size: 10.5pt; line-height: 1.5; margin: 0; }
:lang(ar) body, body:lang(ar) { font-family: 'IBM Plex Sans Arabic', 'Noto Sans', sans-serif; }
header { display: flex; align-items: center; gap: 10pt; border-bottom: 2pt solid #0f5153; padding-bottom: 8pt; }
header img { width: 30pt; height: 30pt; }
header .brand { font-weight: 700; font-size: 14pt; }
header .kind { margin-inline-start: auto; color: #0f5153; font-weight: 700; }
h1 { font-size: 20pt; margin: 14pt 0 6pt; color: #0f3d3e; }
h2 { font-size: 12pt; margin: 16pt 0 6pt; color: #0f3d3e; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: start; padding: 5pt 6pt; border-bottom: 0.75pt solid #cfdcda; vertical-align: top; }
th { width: 38%; font-weight: 700; }
table.chart th, table.chart td { width: auto; }
table.chart thead th { border-bottom-width: 1.5pt; vertical-align: bottom; }
table.chart td { white-space: nowrap; }
p.note { font-size: 9pt; color: #45514f; }
ul { margin: 0; padding-inline-start: 14pt; }
.contact p { margin: 0; }
footer { margin-top: 18pt; font-size: 8.5pt; color: #45514f; border-top: 0.75pt solid #cfdcda; padding-top: 6pt; }
`

export type DataSheetInput = { product: Product; locale: LocaleCode; pageUrl: string; date: string; formattedDate: string }
export type SizeChartInput = Omit<DataSheetInput, 'product'>

export function dataSheetTitle(productId: string, locale: LocaleCode): string {
  const t = translator(locale)
  return t('documents.sheet.fileLabel', { product: t(`product.${productId}.name`) })
}

/** The <style> every sheet shares: the embedded fonts (320 KB) and the layout. */
export const dataSheetStyle = (): string => `<style>${embeddedFontCss()}${STYLE}</style>`

/** A whole sheet: dataSheetBare with dataSheetStyle at the end of its <head>. */
export const dataSheetHtml = (input: DataSheetInput): string => withDataSheetStyle(dataSheetBare(input))
export const withDataSheetStyle = (bare: string): string => bare.replace('</head>', `${dataSheetStyle()}</head>`)

/**
 * Text with the left-to-right isolates of lib/facts/format.ts (U+2066 … U+2069) as <bdi dir="ltr">
 * elements: the same order on paper, and no invisible control characters in the PDF's text
 * layer, where a search for "50 m" would not find "⁦50 m⁩".
 */
export function bidiText(text: string): ReactNode {
  const parts = text.split(/\u2066([^\u2066\u2069]*)\u2069/)
  return parts.length === 1
    ? text
    : parts.map((part, i) =>
        i % 2 ? (
          <bdi key={i} dir="ltr">
            {part}
          </bdi>
        ) : (
          part
        ),
      )
}

type Shell = { locale: LocaleCode; title: string; kind?: string; date: string; formattedDate: string; pageUrl: string; children: ReactNode }

/** What every printed document has: the brand header, the contact block and the issue date. */
function documentHtml({ locale, title, kind, date, formattedDate, pageUrl, children }: Shell): string {
  const info = localeInfo(locale)
  const t = translator(locale)
  const b = facts.business
  const host = new URL(b.siteUrl).host
  const body = renderToStaticMarkup(
    <html lang={locale} dir={info.dir}>
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <meta name="date" content={date} />
      </head>
      <body>
        <header>
          <img src={LOGO} alt={b.brand} />
          <span className="brand">{b.name}</span>
          {kind && <span className="kind">{kind}</span>}
        </header>
        {children}
        <h2>{t('documents.sheet.contact')}</h2>
        {/* Latin runs keep their own order in Arabic text: "A.Ş." ends with its full stop */}
        <div className="contact">
          <p>
            <bdi dir="ltr">{b.legalName}</bdi>
          </p>
          <p>
            <bdi dir="ltr">{b.email}</bdi> · <bdi dir="ltr">{b.phone}</bdi>
          </p>
          <p>
            <bdi dir="ltr">{pageUrl}</bdi>
          </p>
        </div>
        <footer>{bidiText(t('documents.sheet.issued', { date: formattedDate, site: info.dir === 'rtl' ? isolateLtr(host) : host }))}</footer>
      </body>
    </html>,
  )
  return `<!DOCTYPE html>${body}`
}

/**
 * A sheet without its <style>, which is the same for every sheet: the documents step hashes and
 * hands the printer only this part (a few KB instead of 330), and the printer keeps the style.
 */
export function dataSheetBare({ product, locale, pageUrl, date, formattedDate }: DataSheetInput): string {
  // Lists ("50 m und 100 m") and every value in the sheet's language, as on the product page
  const vars = factVars(facts, localeInfo(locale).dir === 'rtl', locale)
  const t = translator(locale, vars)
  const fill = (text: string) => bidiText(interpolate(text, vars))
  const spec = productSpec(facts, product.id, locale)
  const heatNote = facts.products[product.id]?.heatNote === 'smoking'
  const rows = specRows(t, spec, rollLengthsOrCustom(facts, locale, t('spec.customLength')), heatNote)
  return documentHtml({
    locale,
    title: dataSheetTitle(product.id, locale),
    kind: t('documents.sheet.heading'),
    date,
    formattedDate,
    pageUrl,
    children: (
      <>
        <h1>{t(`product.${product.id}.name`)}</h1>
        <p>{fill(product.intro)}</p>
        <h2>{t('product.techSpecs')}</h2>
        <table>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{typeof value === 'string' ? bidiText(value) : value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* The compliance documents; the content lists no data sheet here, this is it */}
        <h2>{t('product.complianceDocs')}</h2>
        <ul>
          {product.compliance_docs.map((d, i) => (
            <li key={i}>{fill(d)}</li>
          ))}
        </ul>
      </>
    ),
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

/** The size chart of a language, without its <style> (see dataSheetBare). */
export function sizeChartBare({ locale, pageUrl, date, formattedDate }: SizeChartInput): string {
  const vars = factVars(facts, localeInfo(locale).dir === 'rtl', locale)
  const t = translator(locale, vars)
  const item = sizeChartItem(locale)
  const ltr = (v: string) => <bdi dir="ltr">{v}</bdi>
  return documentHtml({
    locale,
    title: item.title,
    date,
    formattedDate,
    pageUrl,
    children: (
      <>
        <h1>{item.title}</h1>
        <p>{bidiText(interpolate(item.text, vars))}</p>
        <table className="chart">
          <thead>
            <tr>
              <th scope="col">{t('documents.sizeChart.product')}</th>
              <th scope="col">{t('spec.innerDiameter')}</th>
              <th scope="col">{t('documents.sizeChart.circumference')}</th>
              <th scope="col">{t('spec.stitchCounts')}</th>
            </tr>
          </thead>
          <tbody>
            {sizeChartRows(locale).map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.name}</th>
                <td>{ltr(row.diameter)}</td>
                <td>{ltr(row.circumference)}</td>
                <td>{ltr(row.stitches)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>{t('spec.rollLengths')}</h2>
        <p>{bidiText(rollLengthsOrCustom(facts, locale, t('spec.customLength')))}</p>
        <p className="note">{t('documents.sizeChart.note')}</p>
      </>
    ),
  })
}
