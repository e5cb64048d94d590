import { Blocks } from '../../../components/blocks/blocks'
import { ProductCards } from '../../../components/blocks/product-cards'
import { usePageData } from '../../../components/page-data'
import { useI18n } from '../../../lib/i18n/context'
import type { CountryData } from './+data'

export default function Page() {
  const { content, products } = usePageData<CountryData>()
  const { t } = useI18n()
  return (
    <>
      <Blocks blocks={content.blocks} products={products} />
      {content.blocks.some((b) => b.type === 'products') ? null : (
        <section className="section" aria-labelledby="related-products">
          <div className="container">
            <h2 id="related-products">{t('country.relatedProducts')}</h2>
            <ProductCards products={products} />
          </div>
        </section>
      )}
    </>
  )
}
