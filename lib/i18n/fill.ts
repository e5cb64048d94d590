// The part of the string format the islands need in the browser: {placeholders}, and t() over a
// page's dictionaries. Plural and select forms (./message.ts, ~0.8 KB gzip with its parser) are
// filled by ./translate.ts, which the server always uses; an island loads it only when its props
// hold such a form (./plural-forms.ts, renderer/hydrate-island.tsx), so the form pages' first load
// carries none of it while no text on them uses one (budgets.json).
//
// No imports besides types: this module is first-load JavaScript on every island.
import type { Dictionary, Translate, Vars } from './types'

/** Fills a text's placeholders (and plural/select forms, where the implementation has them). */
export type Interpolate = (text: string, vars?: Vars, locale?: string) => string

/**
 * Told each key a translator is asked for, while the prerender renders a page
 * (lib/i18n/key-usage.ts); unset everywhere else, the browser included.
 */
export const keyRecorder: { add?: (key: string) => void } = {}

const ARG = /\{([a-zA-Z][a-zA-Z0-9_]*)\s*\}/g

/**
 * {name} → vars.name; an unknown {name} stays visible. For a text without plural/select forms
 * this is exactly what ./translate.ts interpolate() gives (tests/unit/translate.test.ts).
 */
export const fillPlaceholders: Interpolate = (text, vars = {}) => text.replace(ARG, (_, name: string) => (name in vars ? String(vars[name]) : `{${name}}`))

/**
 * t(key, vars): the current locale's text, else the fallback's, else the key itself (spec §5).
 * `locale` chooses plural forms; a text taken from the fallback uses the fallback's rules.
 */
export function translator(
  interpolate: Interpolate,
  primary: Dictionary,
  fallback: Dictionary,
  baseVars: Vars | undefined,
  locale: string,
  fallbackLocale = 'en',
) {
  return ((key: string, vars?: Vars) => {
    keyRecorder.add?.(key)
    const own = primary[key]
    const text = own || fallback[key]
    // Without own vars, baseVars as they are: copying every fact variable on each of the ~10,000
    // t() calls of a 16x build cost more than the lookups themselves (interpolate never writes to vars).
    return text ? interpolate(text, vars ? { ...baseVars, ...vars } : baseVars, own ? locale : fallbackLocale) : key
  }) as Translate
}
