// What an island (a page under pages/interactive/) needs in the browser to hydrate #root exactly
// as the server rendered it. The server writes it into the page as JSON (renderer/document.tsx,
// <script type="application/json" id="island-props">); renderer/hydrate-island.tsx reads it.
// Vike's pageContext serialization is not used: island pages ship no Vike client runtime.
import { textsHaveForms } from '../lib/i18n/plural-forms'
import type { Dictionary, Vars } from '../lib/i18n/types'
import type { LocaleCode } from '../lib/routing/table'

export const ISLAND_PROPS_ID = 'island-props'

export type IslandProps = {
  locale: LocaleCode
  /** The page's writing direction, as on <html dir>. */
  dir: 'ltr' | 'rtl'
  primary: Dictionary
  fallback: Dictionary
  vars: Vars
  /** Logical page → localized path, for the links the island renders. */
  links: Record<string, string>
  /** The page's +data result without its head (usePageData()). */
  data: unknown
  /**
   * Set when a text in these props has a plural/select form: the browser then loads the message
   * parser (lib/i18n/translate.ts) before it hydrates. Written by serializeIslandProps.
   */
  forms?: true
}

/** JSON safe inside <script>: "</script>" or "<!--" in a string cannot end the element. */
export const serializeIslandProps = (props: IslandProps) => JSON.stringify(textsHaveForms(props) ? { ...props, forms: true } : props).replace(/</g, '\\u003c')
