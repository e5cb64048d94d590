// What sits inside #root: the providers and the page. The server renders it inside the full
// document; interactive pages hydrate exactly this tree in the browser.
import type { ComponentType } from 'react'
import { I18nProvider } from '../lib/i18n/context'
import type { Dictionary, Vars } from '../lib/i18n/translate'
import type { LocaleCode } from '../lib/routing/table'
import { LinksProvider, type Href } from '../components/routing/links'
import { ErrorBoundary } from '../components/error-boundary'
import { PageDataProvider } from '../components/page-data'

export type RootProps = {
  Page: ComponentType
  locale: LocaleCode
  dir: 'ltr' | 'rtl'
  primary: Dictionary
  fallback: Dictionary
  vars: Vars
  href: Href
  data: unknown
}

export function PageRoot({ Page, locale, dir, primary, fallback, vars, href, data }: RootProps) {
  return (
    <I18nProvider locale={locale} dir={dir} primary={primary} fallback={fallback} vars={vars}>
      <LinksProvider value={href}>
        <PageDataProvider value={data}>
          <ErrorBoundary>
            <Page />
          </ErrorBoundary>
        </PageDataProvider>
      </LinksProvider>
    </I18nProvider>
  )
}
