import { useI18n } from '../../lib/i18n/context'

// A page that exists in this locale's URL space but whose text is only written in English
// (and Turkish): say so in the reader's language and link the English original.
export function PlaceholderNotice({ title, englishHref, englishTitle }: { title: string; englishHref: string; englishTitle: string }) {
  const { t } = useI18n()
  return (
    <section className="section">
      <div className="container prose placeholder-notice">
        <h1>{title}</h1>
        <p className="lead">{t('placeholder.text')}</p>
        <p>
          <a href={englishHref} hrefLang="en" lang="en" className="btn btn-primary">
            {t('placeholder.readEnglish')} {englishTitle}
          </a>
        </p>
      </div>
    </section>
  )
}
