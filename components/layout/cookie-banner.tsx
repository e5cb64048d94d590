import { useI18n } from '../../lib/i18n/context'

// Hidden until the shared script decides (spec §4): shown after 2000 ms when localStorage has no
// cookieConsent, with a 0.5 s animation. Without JavaScript it never shows, and nothing is stored.
export function CookieBanner() {
  const { t } = useI18n()
  return (
    <section className="cookie-banner" id="cookie-banner" aria-labelledby="cookie-title" hidden>
      <div className="cookie-inner">
        <h2 id="cookie-title" className="cookie-title">
          {t('cookie.title')}
        </h2>
        <p>{t('cookie.text')}</p>
        <div className="cookie-actions">
          <button type="button" className="btn btn-primary" data-consent="accepted">
            {t('cookie.accept')}
          </button>
          <button type="button" className="btn btn-secondary" data-consent="declined">
            {t('cookie.decline')}
          </button>
        </div>
        <button type="button" className="cookie-close" data-consent="declined" aria-label={t('cookie.close')}>
          ×
        </button>
      </div>
    </section>
  )
}
