// The size selector's result card and the rule itself (lib/sizing/recommend.ts): loaded by the
// page on first focus, not with the page (see +Page.tsx).
import { Fragment, type ReactNode } from 'react'
import { Link } from '../../../components/routing/links'
import { formatList, isolateLtr, isRtl } from '../../../lib/facts/format'
import { useI18n } from '../../../lib/i18n/context'
import type { ExplanationLine, Recommendation } from '../../../lib/sizing/recommend'

const P = 'size-selector.'

export { quoteQuery, recommendNetting } from '../../../lib/sizing/recommend'

export type ResultProps = {
  r: Recommendation
  line: (l: ExplanationLine) => ReactNode[]
  formatMm: (n: number) => ReactNode
  productName: (id: string) => string
  quoteHref: string
  headingId: string
}

export function Result({ r, line, formatMm, productName, quoteHref, headingId }: ResultProps) {
  const { t, locale } = useI18n()
  // word for word the product pages' row: "50 m, 100 m, or custom lengths on request"
  const metres = r.rollLengthsM.map((m) => (isRtl(locale) ? isolateLtr(`${m} m`) : `${m} m`))
  const rollsRow = formatList(locale, r.customRollLength ? [...metres, t('spec.customLength')] : metres, 'disjunction')
  // The inner diameter (diameter of meat held, as in the catalogue) is the answer; the relaxed
  // diameter is the same net on the roll, shown after it and named as such (lib/sizing/recommend.ts).
  const rows: [string, ReactNode][] = [
    ...(r.product
      ? [
          [t(P + 'result.product'), t(P + (r.standard ? 'result.line.standard' : 'result.line.madeToOrder'), { product: productName(r.product) })] as [
            string,
            ReactNode,
          ],
        ]
      : []),
    [t(P + 'result.diameter'), formatMm(r.innerDiameterMm)],
    [t(P + 'result.relaxed'), <>≈ {formatMm(r.relaxedDiameterMm)}</>],
    // Without a product type there is no one count: each line is knitted in its own.
    // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] row, keyed by its label where the rows are rendered
    [t(P + 'result.stitches'), r.stitches ? <bdi>{r.stitches}</bdi> : t(P + 'result.stitchesByLine')],
    [t(P + 'result.elasticity'), t(`${P}elasticity.${r.elasticity}`)],
    [t(P + 'result.roll'), rollsRow],
    ...(r.meshOpeningMm ? [[t(P + 'result.mesh'), formatMm(r.meshOpeningMm)] as [string, ReactNode]] : []),
    [t('spec.material'), t('spec.materialValue')],
  ]
  return (
    <article className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(P + 'result.heading')}</h2>
      <dl className="mini-spec">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="field-hint">{t(P + 'result.terms')}</p>
      <h3>{t(P + 'result.why')}</h3>
      <ul className="check-list">
        {r.explanation.map((l) => (
          <li key={l.key}>{line(l)}</li>
        ))}
      </ul>
      <p className="field-hint">
        {t(P + 'result.disclaimer')} <Link to="samples">{t(P + 'result.samples')}</Link>
      </p>
      <p className="actions">
        <a className="btn btn-primary" href={quoteHref}>
          {t(P + 'result.quote')}
        </a>
        {r.product ? (
          <Link to={`product/${r.product}`} className="btn btn-secondary">
            {t(P + 'result.viewProduct', { product: productName(r.product) })}
          </Link>
        ) : null}
      </p>
    </article>
  )
}
