// The quote page: the form hydrates; the heading and intro are prerendered.
import { usePageData } from '../../../components/page-data'
import { QuoteForm } from '../../../components/forms/quote-form'
import { useI18n } from '../../../lib/i18n/context'
import type { QuotePageData } from './+data'

export default function Page() {
  const { t } = useI18n()
  const { products, consent } = usePageData<QuotePageData>()
  return (
    <section className="section">
      <div className="container prose">
        <h1>{t('quote.heading')}</h1>
        <p className="lead">{t('quote.intro')}</p>
        <QuoteForm products={products} consent={consent} />
      </div>
    </section>
  )
}
