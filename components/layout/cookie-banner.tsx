import { useI18n } from '../../lib/i18n/context'
import { ASKING, COOKIE_KEY } from './consent-keys'

/**
 * Runs in the head, before the body is parsed (renderer/document.tsx): a classic inline script,
 * since module scripts run only once the whole page is parsed, when showing the banner would push
 * the page down. No choice stored: the banner shows from the first paint. A choice stored, storage
 * blocked, or no JavaScript (nothing could be stored): it never shows. Its CSP hash is taken by
 * postbuild (scripts/page-scripts.ts, inlineScriptHashes).
 */
export const ASK_CONSENT = `try{localStorage.getItem(${JSON.stringify(COOKIE_KEY)})||document.documentElement.classList.add(${JSON.stringify(ASKING)})}catch(e){}`

// A bar in the page flow between the header and the page (renderer/document.tsx), not a layer
// over it: it takes its own space from the first paint, so it covers nothing the buyer reads or
// has just asked for (the size selector's result, a form's errors), and shows without a delay or
// an animation, since either would move the page after it had painted. Choosing hides it
// (renderer/enhance.ts); the page moving up then follows the buyer's own click or key.
export function CookieBanner() {
  const { t } = useI18n()
  return (
    <section className="cookie-banner" id="cookie-banner" aria-labelledby="cookie-title">
      <div className="cookie-inner container">
        <div className="cookie-text">
          {/* Not a heading: the bar comes before the page's h1, and a page's first heading is its h1. */}
          <p id="cookie-title" className="cookie-title">
            {t('cookie.title')}
          </p>
          <p>{t('cookie.text')}</p>
        </div>
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
