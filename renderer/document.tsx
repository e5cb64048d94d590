import { ASK_CONSENT, CookieBanner } from '../components/layout/cookie-banner'
import { Footer } from '../components/layout/footer'
import { Header } from '../components/layout/header'
import { logoDataUri } from '../components/layout/logo'
import type { SwitcherItem } from '../components/layout/language-switcher'
import { isStaffPage } from '../components/layout/staff'
import { WhatsAppLink } from '../components/layout/whatsapp'
import { useI18n } from '../lib/i18n/context'
import type { LocaleCode } from '../lib/routing/table'
import type { HeadTags } from '../lib/seo/head'
import { serializeJsonLd } from '../lib/seo/json-ld'
import { ISLAND_PROPS_ID } from './island-props'

type Props = {
  locale: LocaleCode
  dir: 'ltr' | 'rtl'
  tags: HeadTags
  jsonLd: object[]
  currentPath: string
  currentPage: string
  switcher: SwitcherItem[]
  paths: { home: string; quote: string; downloads: string; search: string }
  /** The page, rendered separately (see +onRenderHtml). */
  rootHtml: string
  /** Island pages: the props #root hydrates with (renderer/island-props.ts), already escaped. */
  islandJson?: string
}

// Head texts come from content (titles, descriptions, JSON-LD) and may carry fact placeholders
// such as {maxHeat}, exactly like body texts; they are filled here, where they leave for the page.
function fillDeep(value: unknown, fill: (text: string) => string): unknown {
  if (typeof value === 'string') return fill(value)
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, fill))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, fill)]))
  return value
}

export function Document({ locale, dir, tags, jsonLd, currentPath, currentPage, switcher, paths, rootHtml, islandJson }: Props) {
  const { t, fill } = useI18n()
  return (
    <html lang={locale} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fill(tags.title)}</title>
        <meta name="description" content={fill(tags.description)} />
        <meta name="robots" content={tags.robots} />
        <link rel="canonical" href={tags.canonical} />
        {tags.alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
        ))}
        {Object.entries(tags.og).map(([property, content]) => (
          <meta key={property} property={property} content={fill(content)} />
        ))}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="theme-color" content="#0f3d3e" />
        <link rel="icon" href={logoDataUri()} type="image/svg+xml" />
        {/* Before the body: whether the cookie banner shows is known at the first paint. */}
        {currentPage === 'admin' ? null : <script dangerouslySetInnerHTML={{ __html: ASK_CONSENT }} />}
        {jsonLd.map((d, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(fillDeep(d, fill) as object) }} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t('nav.skipToContent')}
        </a>
        <Header
          locale={locale}
          currentPath={currentPath}
          currentPage={currentPage}
          switcher={switcher}
          quotePath={paths.quote}
          homePath={paths.home}
          searchPath={paths.search}
        />
        {/* In the flow above the page, so it covers none of it (components/layout/cookie-banner.tsx).
            The admin page is a staff tool that stores only the sign-in session: no consent to ask. */}
        {currentPage === 'admin' ? null : <CookieBanner />}
        {/* Site search indexes only pages that search engines may index (scripts/search-index.ts). */}
        <main id="main" tabIndex={-1} data-pagefind-body={tags.robots.startsWith('index') ? '' : undefined}>
          <div id="root" dangerouslySetInnerHTML={{ __html: rootHtml }} />
          {islandJson ? <script type="application/json" id={ISLAND_PROPS_ID} dangerouslySetInnerHTML={{ __html: islandJson }} /> : null}
        </main>
        <Footer locale={locale} downloadsPath={paths.downloads} />
        {isStaffPage(currentPage) ? null : <WhatsAppLink className="whatsapp-float" floating />}
      </body>
    </html>
  )
}
