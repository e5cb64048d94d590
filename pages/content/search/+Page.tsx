import { SearchForm } from '../../../components/search/search-form'
import { usePageData } from '../../../components/page-data'
import { useI18n } from '../../../lib/i18n/context'
import type { SearchPageData } from './+data'

export default function Page() {
  const { productsHref } = usePageData<SearchPageData>()
  const { t } = useI18n()
  return (
    <section className="section">
      <div className="container prose">
        <h1>{t('search.heading')}</h1>
        <p className="lead">{t('search.scope')}</p>
        <SearchForm productsHref={productsHref} />
      </div>
    </section>
  )
}
