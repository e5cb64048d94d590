// The language context: pages and components read the locale and t() from here.
import { createContext, useContext, type ReactNode } from 'react'
import type { LocaleCode } from '../routing/table'
import { translator, type Interpolate } from './fill'
import type { Dictionary, Translate, Vars } from './types'

export type I18nValue = {
  locale: LocaleCode
  dir: 'ltr' | 'rtl'
  t: Translate
  /** Fills fact placeholders ({dispatchDays}, {countries}, …) in content text. */
  fill: (text: string) => string
}
const I18nContext = createContext<I18nValue | null>(null)

type Props = {
  locale: LocaleCode
  dir: 'ltr' | 'rtl'
  primary: Dictionary
  fallback: Dictionary
  vars?: Vars
  /**
   * How texts are filled: ./translate.ts interpolate() (placeholders, plural and select forms)
   * on the server; in an island's browser code ./fill.ts fillPlaceholders unless its texts hold
   * a plural/select form (renderer/hydrate-island.tsx), so the parser is no first-load code.
   */
  interpolate: Interpolate
  /** The dev server wraps t() to mark what it takes from the fallback (./missing-marks.ts). */
  markFallbacks?: (t: Translate) => Translate
  children: ReactNode
}

export function I18nProvider({ locale, dir, primary, fallback, vars, interpolate, markFallbacks, children }: Props) {
  // No useMemo: the provider sits at the root of a page (renderer/page-root.tsx, the document)
  // and renders once, on the server and in an island alike.
  const t = translator(interpolate, primary, fallback, vars, locale)
  const value = { locale, dir, t: markFallbacks ? markFallbacks(t) : t, fill: (text: string) => interpolate(text, vars, locale) }
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useI18n() must be used inside <I18nProvider>')
  return value
}
