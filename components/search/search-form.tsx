import { useI18n } from '../../lib/i18n/context'

/** "Results: {count}" → the text around the slot, so the page never ships a literal "{count}". */
function Slotted({ text, slot }: { text: string; slot: string }) {
  const [before, after = ''] = text.split(`{${slot}}`)
  return (
    <>
      {before}
      <span data-slot={slot} />
      {after}
    </>
  )
}

// Works as a plain GET form without JavaScript (the query stays in the URL); the search script
// (components/search/search-client.ts) runs it and lists the results below.
export function SearchForm({ productsHref }: { productsHref: string }) {
  const { t } = useI18n()
  return (
    <div className="site-search">
      {/* biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the search landmark every screen reader announces; <search> is newer */}
      <form id="site-search" role="search" method="get">
        <label htmlFor="search-q">{t('search.label')}</label>
        <div className="search-row">
          <input id="search-q" name="q" type="search" autoComplete="off" enterKeyHint="search" placeholder={t('search.placeholder')} />
          <button type="submit" className="btn btn-primary">
            {t('search.submit')}
          </button>
        </div>
      </form>
      <noscript>
        <p className="search-noscript">
          {t('search.noscript')} <a href={productsHref}>{t('nav.products')}</a>
        </p>
      </noscript>
      <p id="search-status" className="search-status" role="status" aria-live="polite" />
      <template id="search-messages">
        <span data-message="loading">{t('search.loading')}</span>
        <span data-message="results">
          <Slotted text={t('search.results')} slot="count" />
        </span>
        <span data-message="none">
          <Slotted text={t('search.none')} slot="query" />
        </span>
        <span data-message="error">{t('search.error')}</span>
      </template>
      <ol id="search-results" className="search-results" />
    </div>
  )
}
