import { PlaceholderNotice } from '../../../components/notice/placeholder-notice'
import { usePageData } from '../../../components/page-data'
import { useI18n } from '../../../lib/i18n/context'
import type { GlossaryIndexData } from './+data'

export default function Page() {
  const { placeholder, englishHref, terms } = usePageData<GlossaryIndexData>()
  const { t } = useI18n()
  if (placeholder) return <PlaceholderNotice title={t('glossary.title')} englishHref={englishHref} englishTitle="Glossary" />
  return (
    <section className="section">
      <div className="container prose">
        <h1>{t('glossary.title')}</h1>
        <p className="lead">{t('glossary.description')}</p>
        <dl className="glossary-list">
          {terms.map((term) => (
            <div key={term.href}>
              <dt>
                <a href={term.href}>{term.term}</a>
              </dt>
              <dd>{term.short}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
