// The language context: pages and components read the locale and t() from here.
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { LocaleCode } from '../routing/table'
import { createTranslator, interpolate, type Dictionary, type Translate, type Vars } from './translate'

export type I18nValue = {
  locale: LocaleCode
  dir: 'ltr' | 'rtl'
  t: Translate
  /** Fills fact placeholders ({dispatchDays}, {countries}, …) in content text. */
  fill: (text: string) => string
}
const I18nContext = createContext<I18nValue | null>(null)

type Props = { locale: LocaleCode; dir: 'ltr' | 'rtl'; primary: Dictionary; fallback: Dictionary; vars?: Vars; children: ReactNode }

export function I18nProvider({ locale, dir, primary, fallback, vars, children }: Props) {
  const value = useMemo(
    () => ({ locale, dir, t: createTranslator(primary, fallback, vars, locale), fill: (text: string) => interpolate(text, vars, locale) }),
    [locale, dir, primary, fallback, vars],
  )
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useI18n() must be used inside <I18nProvider>: the language is unknown here')
  return value
}
