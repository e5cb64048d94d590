// What sits inside #root: the providers and the page. The server renders it inside the full
// document; interactive pages hydrate exactly this tree in the browser.
import type { ComponentType } from 'react'
import { I18nProvider } from '../lib/i18n/context'
import type { Interpolate } from '../lib/i18n/fill'
import type { Dictionary, Translate, Vars } from '../lib/i18n/types'
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
  /** lib/i18n/context.tsx: the full format on the server, placeholders only in most islands. */
  interpolate: Interpolate
  /** The dev server's marking of fallbacks (lib/i18n/missing-marks.ts); never in the browser. */
  markFallbacks?: (t: Translate) => Translate
  href: Href
  data: unknown
}

export function PageRoot({ Page, href, data, ...i18n }: RootProps) {
  return (
    <I18nProvider {...i18n}>
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
