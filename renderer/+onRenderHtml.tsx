// https://vike.dev/onRenderHtml
import type { ComponentType } from 'react'
// React renders the WHOLE document (docs/ARCHITECTURE.md §3: react-helmet-async is a pass-through under React 19), so
// <html lang dir>, title, meta, canonical, hreflang and JSON-LD are plain JSX here.
import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { keyUsageRecorder } from '../lib/i18n/key-usage'
import { dictionaries, facts, localeInfo, routeTable } from '../lib/content/data'
import { factVars } from '../lib/facts/format'
import { I18nProvider } from '../lib/i18n/context'
import { serverHref } from '../lib/pages/href'
import { switchTarget } from '../lib/routing/paths'
import type { PageData } from '../lib/pages/page-data'
import { headTags } from '../lib/seo/head'
import { breadcrumbList, organization } from '../lib/seo/json-ld'
import { createTranslator, interpolate } from '../lib/i18n/translate'
import { markingFallbacks, missingBanner, missingMarksOn, renderMarks, stripMarks } from '../lib/i18n/missing-marks'
import type { Dictionary, Translate } from '../lib/i18n/types'
import { Document } from './document'
import { serializeIslandProps } from './island-props'
import { PageRoot } from './page-root'

export type { ClientData, PageData } from '../lib/pages/page-data'

// The UI keys each prerendered page uses, for translators (lib/i18n/key-usage.ts).
const usage = import.meta.env.PROD ? keyUsageRecorder() : undefined

export function onRenderHtml(pageContext: PageContextServer) {
  const url = pageContext.urlOriginal
  const locale = pageContext.locale ?? routeTable.defaultLocale
  // An island's dictionary counts too: the browser shows some of it only later (a form's errors).
  const client = (pageContext.data as PageData | undefined)?.client
  const shipped = client && Object.keys({ ...client.fallback, ...client.primary })
  const html = usage && pageContext.isPrerendering ? usage.render(url, locale, () => renderDocument(pageContext), shipped) : renderDocument(pageContext)
  return { documentHtml: escapeInject`<!DOCTYPE html>${dangerouslySkipEscape(html)}` }
}

/** The page as one HTML string (without the doctype): the document shell around the page's #root. */
function renderDocument(pageContext: PageContextServer): string {
  // _error renders may come before +onBeforeRoute set these.
  const locale = pageContext.locale ?? routeTable.defaultLocale
  const routeKey = pageContext.routeKey ?? 'not-found'
  const { Page } = pageContext
  const data = pageContext.data as PageData
  const info = localeInfo(locale)
  const route = routeTable.routes.get(routeKey)
  const { primary, fallback } = dictionaries(locale)
  const vars = factVars(facts, info.dir === 'rtl', locale, info.range)
  // `npm run dev` marks every text taken from English (lib/i18n/missing-marks.ts); never a build.
  const marks = missingMarksOn()
  const marking = (own: Dictionary) => (marks ? (t: Translate) => markingFallbacks(t, own, true) : undefined)
  const t = markingFallbacks(createTranslator(primary, fallback, vars), primary, marks)
  const href = serverHref(locale, routeKey)
  const site = facts.business.siteUrl
  const currentPath = route?.paths[locale] ?? pageContext.urlPathname

  const tags = headTags(routeTable, site, route, locale, data.head, info.ogLocale, facts.business.name, facts.business.brand)
  const crumbs = [
    { name: t('nav.home'), url: site + href('home') },
    ...(data.head.breadcrumbs ?? []).map(([name, target]) => ({ name, url: site + href(target) })),
  ]
  const jsonLd = [organization(facts), ...(route && routeKey !== 'home' ? [breadcrumbList(crumbs)] : []), ...(data.head.jsonLd ?? [])]

  const switcher = routeTable.locales.map((code) => ({
    ...localeInfo(code),
    href: route ? switchTarget(routeTable, route, code) : routeTable.routes.get('home')!.paths[code]!,
    current: code === locale,
  }))

  const root = data.client ? (
    <PageRoot
      Page={Page as ComponentType}
      locale={locale}
      dir={info.dir}
      primary={data.client.primary}
      fallback={data.client.fallback}
      vars={vars}
      interpolate={interpolate}
      markFallbacks={marking(data.client.primary)}
      href={(to) => data.client!.links[to] ?? href(to)}
      data={data}
    />
  ) : (
    <PageRoot
      Page={Page as ComponentType}
      locale={locale}
      dir={info.dir}
      primary={primary}
      fallback={fallback}
      vars={vars}
      interpolate={interpolate}
      markFallbacks={marking(primary)}
      href={href}
      data={data}
    />
  )

  // Islands (pages/interactive/) hydrate #root from these props (renderer/hydrate-island.tsx).
  // An island's browser render has no markers: its #root and props lose them (still counted).
  const missing = new Set<string>()
  const islandJson = data.client
    ? serializeIslandProps({
        locale,
        dir: info.dir,
        primary: data.client.primary,
        fallback: data.client.fallback,
        vars,
        links: data.client.links,
        data: { ...data, head: undefined, client: undefined },
      })
    : undefined

  // #root is rendered on its own, exactly as the browser hydrates it, so that React's useId()
  // and the markup match on interactive pages; the document around it is static HTML.
  const rootHtml = marks && data.client ? stripMarks(renderToString(root), missing) : renderToString(root)
  const html = renderToString(
    <I18nProvider locale={locale} dir={info.dir} primary={primary} fallback={fallback} vars={vars} interpolate={interpolate} markFallbacks={marking(primary)}>
      <Document
        locale={locale}
        dir={info.dir}
        tags={tags}
        jsonLd={jsonLd}
        currentPath={currentPath}
        currentPage={route?.page ?? 'not-found'}
        switcher={switcher}
        paths={{ home: href('home'), quote: href('quote'), downloads: href('downloads'), search: href('search') }}
        rootHtml={rootHtml}
        islandJson={marks && islandJson ? stripMarks(islandJson, missing) : islandJson}
      />
    </I18nProvider>,
  )
  // No injectFilter: every page is HTML-only for Vike (content pages and islands alike), and Vike
  // then injects only the page's entry script, without <link rel=modulepreload>, so first paint
  // never waits for JavaScript. (A filter that set inject=false caused 16 build warnings.)
  return bodyEndOnItsOwnLine(marks ? withMarks(html, missing, locale === routeTable.defaultLocale ? null : info.name) : html)
}

/** The page with its marked fallbacks shown, and the dev banner counting them before </body>. */
function withMarks(html: string, missing: Set<string>, languageName: string | null): string {
  const marked = renderMarks(html)
  const banner = missingBanner([...new Set([...missing, ...marked.keys])], languageName)
  const at = marked.html.lastIndexOf('</body>')
  return at < 0 ? marked.html + banner : marked.html.slice(0, at) + banner + marked.html.slice(at)
}

/**
 * React writes the document as one line. Vike injects the entry script before </body> and first
 * matches /\s*$/ against the whole line it lands on, to indent the script (injectBreakLines in
 * vike/dist/server/runtime/renderPageServer/html/injectAssets/injectHtmlTags.js): a scan of the
 * whole page, for every page. On a line of its own, there is nothing to scan.
 */
function bodyEndOnItsOwnLine(html: string): string {
  const at = html.lastIndexOf('</body>')
  return at < 0 ? html : `${html.slice(0, at)}\n${html.slice(at)}`
}
