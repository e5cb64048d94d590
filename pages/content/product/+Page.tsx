import { usePageData } from '../../../components/page-data'
import { Faq } from '../../../components/blocks/blocks'
import { FileList } from '../../../components/documents/file-list'
import { specRows } from '../../../components/product/spec-rows'
import { Link, useHref } from '../../../components/routing/links'
import { useI18n } from '../../../lib/i18n/context'
import type { ProductPageData } from './+data'

export default function Page() {
  const { product, name, spec, rollsRow, heatNote, sheets } = usePageData<ProductPageData>()
  const { t, fill } = useI18n()
  const id = product.id
  // "Request a quote" pre-selects this product (components/forms/quote-prefill.ts reads it).
  const quoteHref = `${useHref()('quote')}?product=${encodeURIComponent(id)}`
  const rows = specRows(t, spec, rollsRow, heatNote)
  return (
    <article className="product-page">
      <section className="hero">
        <div className="container hero-split">
          <div>
            <p className="eyebrow">{t('product.eyebrow')}</p>
            <h1>{name}</h1>
            <p className="lead">{fill(product.intro)}</p>
            <p className="actions">
              <a href={quoteHref} className="btn btn-primary">
                {t('product.quoteButton')}
              </a>
              <Link to="samples" className="btn btn-secondary">
                {t('nav.samples')}
              </Link>
            </p>
          </div>
          <img src={`/images/products/${id}.svg`} width="480" height="300" alt={product.images.alt.roll} fetchPriority="high" />
        </div>
      </section>

      <section className="section">
        <div className="container two-col">
          <div>
            <h2>{t('product.useCases')}</h2>
            <ul className="check-list">
              {product.use_cases.map((u, i) => (
                <li key={i}>{fill(u)}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2>{t('product.advantages')}</h2>
            <ul className="check-list">
              {product.advantages.map((a, i) => (
                <li key={i}>{fill(a)}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="section" id="specifications">
        <div className="container two-col">
          <div>
            <h2>{t('product.techSpecs')}</h2>
            <table className="spec-table" data-product={id}>
              <tbody>
                {rows.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <figure className="figure-pair">
            <img src="/images/process/mesh.svg" width="320" height="200" alt={product.images.alt.mesh} loading="lazy" decoding="async" />
            <img src="/images/process/application.svg" width="320" height="200" alt={product.images.alt.application} loading="lazy" decoding="async" />
          </figure>
        </div>
      </section>

      <section className="section">
        <div className="container two-col">
          <div>
            <h2>{t('product.complianceDocs')}</h2>
            <ul className="check-list">
              {product.compliance_docs.map((d, i) => (
                <li key={i}>{fill(d)}</li>
              ))}
            </ul>
            {sheets.length > 0 && (
              <div className="data-sheets" id="data-sheet">
                <h3>{t('documents.product.heading')}</h3>
                <p>{t('documents.product.intro')}</p>
                <FileList files={sheets} />
              </div>
            )}
          </div>
          <div className="card size-help">
            <h2>{t('product.sizeHelp.title')}</h2>
            <p>{t('product.sizeHelp.text', { productName: name })}</p>
            <Link to="size-selector" className="btn btn-secondary">
              {t('product.sizeHelp.button')}
            </Link>
          </div>
        </div>
      </section>

      <section className="section">
        <div className="container prose">
          <h2>{t('product.faq')}</h2>
          <Faq items={product.faq} />
        </div>
      </section>

      <section className="section cta">
        <div className="container">
          <h2>{t('product.order.title', { productName: name })}</h2>
          <p className="lead">{t('product.order.text')}</p>
          <p className="actions">
            <a href={quoteHref} className="btn btn-primary">
              {t('product.quoteButton')}
            </a>
          </p>
        </div>
      </section>
    </article>
  )
}
