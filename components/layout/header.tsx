import { Fragment } from 'react'
import { useI18n } from '../../lib/i18n/context'
import { guideMenu, isActive, mainMenu, productMenu, type MenuItem } from '../../lib/navigation'
import type { LocaleCode } from '../../lib/routing/table'
import { LanguageSwitcher, type SwitcherItem } from './language-switcher'
import { logoDataUri } from './logo'
import { isStaffPage } from './staff'
import { WhatsAppLink } from './whatsapp'

type Props = { locale: LocaleCode; currentPath: string; currentPage: string; switcher: SwitcherItem[]; quotePath: string; homePath: string; searchPath: string }

// Dropdowns open on hover and keyboard focus with CSS alone; the shared script adds the
// toggle buttons' click, Escape and aria-expanded. The mobile menu is a native popover.
export function Header({ locale, currentPath, currentPage, switcher, quotePath, homePath, searchPath }: Props) {
  const { t } = useI18n()
  const dropdown = (item: MenuItem, children: MenuItem[], label: (m: MenuItem) => string, id: string) => (
    <li className="has-dropdown" data-dropdown="">
      <NavLink item={item} currentPath={currentPath} currentPage={currentPage} locale={locale} />
      <button type="button" className="dropdown-toggle" aria-expanded="false" aria-controls={id}>
        <span className="visually-hidden">{t('nav.submenu', { section: t(`nav.${item.key}`) })}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <ul className="dropdown" id={id}>
        {children.map((c) => (
          <li key={c.key}>
            <a href={c.path} aria-current={c.path === currentPath ? 'page' : undefined}>
              {label(c)}
            </a>
          </li>
        ))}
      </ul>
    </li>
  )
  const guides = guideMenu(locale)
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="brand" href={homePath}>
          <img src={logoDataUri()} width="36" height="36" alt="" />
          <span>{t('site.name')}</span>
        </a>
        <button type="button" className="menu-toggle" popoverTarget="site-nav" aria-controls="site-nav" aria-expanded="false">
          <span aria-hidden="true">☰</span> {t('nav.menu')}
        </button>
        <nav id="site-nav" className="site-nav" popover="auto" aria-label={t('nav.label')}>
          <ul className="nav-list">
            {mainMenu(locale).map((item) =>
              item.key === 'products' ? (
                <Fragment key={item.key}>
                  {dropdown(item, productMenu(locale), (p) => t(`product.${p.key.split('/')[1]}.name`), 'menu-products')}
                  {guides[0] && dropdown({ key: 'guides', path: guides[0].path }, guides, (g) => t(`guide.${g.key.split('/')[1]}.name`), 'menu-guides')}
                </Fragment>
              ) : (
                <li key={item.key}>
                  <NavLink item={item} currentPath={currentPath} currentPage={currentPage} locale={locale} />
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="header-actions">
          <a className="header-search" href={searchPath} aria-current={searchPath === currentPath ? 'page' : undefined}>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
              <circle cx="10.5" cy="10.5" r="6.5" />
              <path d="m15.5 15.5 5 5" />
            </svg>
            <span className="visually-hidden">{t('nav.search')}</span>
          </a>
          {isStaffPage(currentPage) ? null : (
            <>
              <LanguageSwitcher items={switcher} />
              <WhatsAppLink className="header-whatsapp" />
              <a className="btn btn-primary" href={quotePath}>
                {t('nav.getQuote')}
              </a>
            </>
          )}
        </div>
      </div>
    </header>
  )
}

function NavLink({ item, currentPath, currentPage, locale }: { item: MenuItem; currentPath: string; currentPage: string; locale: LocaleCode }) {
  const { t } = useI18n()
  const active = item.key === 'guides' ? currentPage === 'guide' : isActive(item.path, currentPath, locale)
  return (
    <a href={item.path} className={active ? 'active' : undefined} aria-current={item.path === currentPath ? 'page' : undefined}>
      {t(`nav.${item.key}`)}
    </a>
  )
}
