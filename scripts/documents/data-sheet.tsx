// One product's technical data sheet as a printable HTML document, built from the same facts
// (content/facts.yml) and content (content/products/<id>/<locale>.yml) as its product page.
import { readFileSync } from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Product } from '../../.velite/index.js'
import { facts, localeInfo, translator } from '../../lib/content/data'
import { factVars, productSpec } from '../../lib/facts/format'
import { interpolate } from '../../lib/i18n/translate'
import type { LocaleCode } from '../../lib/routing/table'
import { embeddedFontCss } from './fonts'

const LOGO = `data:image/svg+xml;base64,${readFileSync('public/logo.svg').toString('base64')}`

const STYLE = `
@page { size: A4; margin: 16mm 16mm 18mm; }
* { box-sizing: border-box; }
body { font-family: 'Noto Sans', 'Noto Sans Arabic', sans-serif; color: #14201f; font-size: 10.5pt; line-height: 1.5; margin: 0; }
:lang(ar) body, body:lang(ar) { font-family: 'Noto Sans Arabic', 'Noto Sans', sans-serif; }
header { display: flex; align-items: center; gap: 10pt; border-bottom: 2pt solid #0f5153; padding-bottom: 8pt; }
header img { width: 30pt; height: 30pt; }
header .brand { font-weight: 700; font-size: 14pt; }
header .kind { margin-inline-start: auto; color: #0f5153; font-weight: 700; }
h1 { font-size: 20pt; margin: 14pt 0 6pt; color: #0f3d3e; }
h2 { font-size: 12pt; margin: 16pt 0 6pt; color: #0f3d3e; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: start; padding: 5pt 6pt; border-bottom: 0.75pt solid #cfdcda; vertical-align: top; }
th { width: 38%; font-weight: 700; }
ul { margin: 0; padding-inline-start: 14pt; }
.contact p { margin: 0; }
footer { margin-top: 18pt; font-size: 8.5pt; color: #45514f; border-top: 0.75pt solid #cfdcda; padding-top: 6pt; }
`

export type DataSheetInput = { product: Product; locale: LocaleCode; pageUrl: string; date: string; formattedDate: string }

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
 * A sheet without its <style>, which is the same for every sheet: the documents step hashes and
 * hands the printer only this part (a few KB instead of 330), and the printer keeps the style.
 */
export function dataSheetBare({ product, locale, pageUrl, date, formattedDate }: DataSheetInput): string {
  const info = localeInfo(locale)
  const vars = factVars(facts, info.dir === 'rtl')
  const t = translator(locale, vars)
  const fill = (text: string) => interpolate(text, vars)
  const spec = productSpec(facts, product.id)
  const heatNote = facts.products[product.id]?.heatNote === 'smoking'
  const rows: [string, string][] = [
    [t('spec.material'), t('spec.materialValue')],
    [t('spec.heatResistance'), heatNote ? `${spec.heat} – ${t('spec.forSmoking')}` : spec.heat],
    [t('spec.innerDiameter'), spec.diameter],
    [t('spec.stitchCounts'), spec.stitches],
    [t('spec.rollLengths'), `${spec.rolls}, ${t('spec.customLength')}`],
  ]
  const b = facts.business
  const body = renderToStaticMarkup(
    <html lang={locale} dir={info.dir}>
      <head>
        <meta charSet="utf-8" />
        <title>{dataSheetTitle(product.id, locale)}</title>
        <meta name="date" content={date} />
      </head>
      <body>
        <header>
          <img src={LOGO} alt={b.brand} />
          <span className="brand">{b.name}</span>
          <span className="kind">{t('documents.sheet.heading')}</span>
        </header>
        <h1>{t(`product.${product.id}.name`)}</h1>
        <p>{fill(product.intro)}</p>
        <h2>{t('product.techSpecs')}</h2>
        <table>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>
                  <bdi>{value}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>{t('product.complianceDocs')}</h2>
        <ul>
          {product.compliance_docs.map((d, i) => (
            <li key={i}>{fill(d)}</li>
          ))}
        </ul>
        <h2>{t('documents.sheet.contact')}</h2>
        <div className="contact">
          <p>{b.legalName}</p>
          <p>
            <bdi>{b.email}</bdi> · <bdi dir="ltr">{b.phone}</bdi>
          </p>
          <p>
            <bdi>{pageUrl}</bdi>
          </p>
        </div>
        <footer>{t('documents.sheet.issued', { date: formattedDate, site: new URL(b.siteUrl).host })}</footer>
      </body>
    </html>,
  )
  return `<!DOCTYPE html>${body}`
}
