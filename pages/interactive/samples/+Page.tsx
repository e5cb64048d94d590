// The samples page: the form hydrates; the heading and intro are prerendered.
import { usePageData } from '../../../components/page-data'
import { SamplesForm } from '../../../components/forms/samples-form'
import { useI18n } from '../../../lib/i18n/context'
import type { SamplesPageData } from './+data'

export default function Page() {
  const { t } = useI18n()
  const { products, consent } = usePageData<SamplesPageData>()
  return (
    <section className="section">
      <div className="container prose">
        <h1>{t('samples.heading')}</h1>
        <p className="lead">{t('samples.intro')}</p>
        <SamplesForm products={products} consent={consent} />
      </div>
    </section>
  )
}
