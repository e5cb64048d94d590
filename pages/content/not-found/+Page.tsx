import { Link } from '../../../components/routing/links'
import { useI18n } from '../../../lib/i18n/context'

export default function Page() {
  const { t } = useI18n()
  return (
    <section className="section not-found">
      <div className="container prose">
        <p className="eyebrow">404</p>
        <h1>{t('notFound.title')}</h1>
        <p className="lead">{t('notFound.text')}</p>
        <p className="actions">
          <Link to="home" className="btn btn-primary">
            {t('notFound.home')}
          </Link>
          <Link to="products" className="btn btn-secondary">
            {t('notFound.products')}
          </Link>
        </p>
      </div>
    </section>
  )
}
