import { useI18n } from '../../lib/i18n/context'

export type SwitcherItem = { code: string; name: string; href: string; current: boolean }

// A native popover: opens from its button, closes on an outside click or Escape, and works
// without JavaScript. Each entry links to the same page's localized path (built at build time).
// Language names only, each in its own language: a flag names a country, not a language (Arabic
// is read far beyond one state), and flag emoji show as letter boxes on Windows.
export function LanguageSwitcher({ items }: { items: SwitcherItem[] }) {
  const { t } = useI18n()
  const current = items.find((i) => i.current)!
  return (
    <div className="lang-switcher">
      <button type="button" className="lang-button" popoverTarget="lang-menu" aria-controls="lang-menu" aria-expanded="false">
        <span>{current.name}</span>
        <span className="visually-hidden"> – {t('nav.changeLanguage')}</span>
      </button>
      {/* A labelled nav landmark around the list: a name on a bare <ul> is allowed by ARIA but
          not announced consistently (html-validate aria-label-misuse). */}
      <nav id="lang-menu" className="lang-menu" popover="auto" aria-label={t('nav.changeLanguage')}>
        <ul>
          {items.map((item) => (
            <li key={item.code}>
              <a href={item.href} hrefLang={item.code} lang={item.code} aria-current={item.current ? 'true' : undefined} data-locale={item.code}>
                {item.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}
