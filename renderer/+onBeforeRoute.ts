// https://vike.dev/onBeforeRoute
// Maps a localized URL ("/tr/elastik-et-kefeni/domuz-eti-filesi") to a logical one
// ("/~/product/pork") through the ONE route table; unknown URLs become not-found.
import type { PageContextServer } from 'vike/types'
import { localeOfPath, resolvePath } from '../lib/routing/paths'
import { routeTable } from '../lib/content/data'
import { logicalUrl } from '../lib/routing/logical'

export function onBeforeRoute(pageContext: PageContextServer) {
  const { pathname } = pageContext.urlParsed
  const hit = resolvePath(routeTable, pathname)
  if (hit) {
    return { pageContext: { locale: hit.locale, routeKey: hit.key, urlLogical: logicalUrl(hit.route.page, hit.route.param) } }
  }
  // "/tr/404" is the Turkish not-found page itself, prerendered as tr/404.html.
  return { pageContext: { locale: localeOfPath(routeTable, pathname), routeKey: 'not-found', urlLogical: logicalUrl('not-found') } }
}
