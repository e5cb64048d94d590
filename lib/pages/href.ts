// Server-side link resolution: an unknown or unavailable target fails the build with the target
// and locale named, so a translator's typo never ships as a broken link.
import { routeTable } from '../content/data'
import { pathFor } from '../routing/paths'
import type { LocaleCode } from '../routing/table'

export function serverHref(locale: LocaleCode, onPage = '') {
  return (target: string): string => {
    if (/^(https?:|mailto:|tel:)/.test(target)) return target
    const path = pathFor(routeTable, target, locale)
    if (!path) {
      const where = onPage ? ` (linked from the ${locale} page "${onPage}")` : ''
      throw new Error(`Link target "${target}" does not exist in locale "${locale}"${where}: see content/routes.yml for the targets of each locale`)
    }
    return path
  }
}

/** The paths an interactive page needs in the browser, as a plain map. */
export function hrefMap(locale: LocaleCode, targets: string[]): Record<string, string> {
  const href = serverHref(locale)
  return Object.fromEntries(targets.map((t) => [t, href(t)]))
}
