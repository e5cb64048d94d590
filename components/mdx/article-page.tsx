import type { ArticleData } from '../../lib/pages/article'
import { useI18n } from '../../lib/i18n/context'
import { formatDate } from '../../lib/i18n/format'
import { PlaceholderNotice } from '../notice/placeholder-notice'
import { usePageData } from '../page-data'
import { Link } from '../routing/links'
import { MdxContent } from './mdx-content'

export function ArticlePage() {
  const { placeholder, article } = usePageData<ArticleData>()
  const { t, locale } = useI18n()
  if (placeholder) return <PlaceholderNotice {...placeholder} />
  const a = article!
  return (
    <article className="section article">
      <div className="container prose">
        <h1>{a.title}</h1>
        <p className="lead">{a.lead}</p>
        {a.updated && (
          <p className="meta">
            {t('article.updated')} <time dateTime={a.updated}>{formatDate(a.updated, locale)}</time>
          </p>
        )}
        <MdxContent code={a.code} />
        <aside className="card article-cta">
          <h2>{t('article.ctaTitle')}</h2>
          <p>{t('article.ctaText')}</p>
          <p className="actions">
            <Link to="quote" className="btn btn-primary">
              {t('nav.getQuote')}
            </Link>
            <Link to="samples" className="btn btn-secondary">
              {t('nav.samples')}
            </Link>
          </p>
        </aside>
      </div>
    </article>
  )
}
