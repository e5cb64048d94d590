import { useI18n } from '../../lib/i18n/context'

import type { ProductCard } from '../../lib/pages/product-card'

export type { ProductCard }

export function ProductCards({ products }: { products: ProductCard[] }) {
  const { t } = useI18n()
  return (
    <ul className="card-grid products-grid">
      {products.map((p) => (
        <li key={p.id} className="card product-card">
          <img src={`/images/products/${p.id}.svg`} width="320" height="200" alt="" loading="lazy" decoding="async" />
          <h3>
            <a href={p.href}>{p.name}</a>
          </h3>
          <p>{p.summary}</p>
          <dl className="mini-spec">
            <dt>{t('spec.innerDiameter')}</dt>
            <dd>
              <bdi>{p.spec.diameter}</bdi>
            </dd>
            <dt>{t('spec.stitchCounts')}</dt>
            <dd>
              <bdi>{p.spec.stitches}</bdi>
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  )
}
