// Server-only: what an interactive page needs in the browser, and no more: the UI strings
// under the given key prefixes (locale + English fallback), the fact values and resolved links.
import { dictionaries, facts, localeInfo } from '../content/data'
import { factVars } from '../facts/format'
import { hrefMap } from './href'
import type { LocaleCode } from '../routing/table'
import type { ClientData } from './page-data'

const pick = (dict: Record<string, string>, prefixes: string[]) =>
  Object.fromEntries(Object.entries(dict).filter(([key]) => prefixes.some((p) => key.startsWith(p))))

export function clientData(locale: LocaleCode, prefixes: string[], links: string[]): ClientData {
  const { primary, fallback } = dictionaries(locale)
  return {
    primary: pick(primary, prefixes),
    fallback: locale === 'en' ? {} : pick(fallback, prefixes),
    links: hrefMap(locale, links),
    vars: factVars(facts, localeInfo(locale).dir === 'rtl', locale, localeInfo(locale).range),
  }
}
