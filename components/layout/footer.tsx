import { useI18n } from '../../lib/i18n/context'
import { facts } from '../../lib/content/data'
import { footerLinks, footerProducts } from '../../lib/navigation'
import type { LocaleCode } from '../../lib/routing/table'

export function Footer({ locale, downloadsPath }: { locale: LocaleCode; downloadsPath: string }) {
  const { t } = useI18n()
  const b = facts.business
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-heading">
            {t('site.name')}
          </h2>
          <p>{t('footer.slogan')}</p>
          <p>
            <a href={`mailto:${b.email}`}>{b.email}</a>
            <br />
            {/* Non-breaking spaces: a phone number must not wrap across lines. */}
            <a href={`tel:${b.phone.replace(/\s/g, '')}`}>
              <bdi>{b.phone.replace(/\s/g, '\u00a0')}</bdi>
            </a>
          </p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-heading">
            {t('footer.quickLinks')}
          </h2>
          <ul>
            {footerLinks(locale).map((l) => (
              <li key={l.key}>
                <a href={l.path}>{t(`nav.${l.key}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-products">
          <h2 id="footer-products" className="footer-heading">
            {t('footer.products')}
          </h2>
          <ul>
            {footerProducts(locale).map((p) => (
              <li key={p.key}>
                <a href={p.path}>{t(`product.${p.key.split('/')[1]}.name`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-compliance">
          <h2 id="footer-compliance" className="footer-heading">
            {t('footer.compliance')}
          </h2>
          <ul className="compliance-list">
            {facts.compliance.map((c) => (
              <li key={c}>
                <bdi>{c}</bdi>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="container footer-legal">
        <p>
          © {new Date().getFullYear()} {b.legalName}
        </p>
        <ul>
          <li>
            <a href={`${downloadsPath}#privacy`}>{t('footer.privacy')}</a>
          </li>
          <li>
            <a href={`${downloadsPath}#terms`}>{t('footer.terms')}</a>
          </li>
          <li>
            <a href={`${downloadsPath}#compliance-docs`}>{t('footer.complianceDocs')}</a>
          </li>
        </ul>
      </div>
    </footer>
  )
}
