// t(key, vars): the current locale's text, else English, else the key itself (spec §5);
// {placeholders} and plural/select forms are filled from vars (lib/i18n/message.ts). Pure, so it
// runs on the server and in the browser, where an island loads it only when its texts have a
// plural/select form (./fill.ts covers the rest). Keys are typed: a literal key that is not in
// the English UI files (lib/i18n/ui-keys.ts, generated) fails the typecheck (./types.ts).
import { fillPlaceholders, translator } from './fill'
import { hasForms } from './plural-forms'
import { argumentNames, formatMessage, parseMessage, type MessageNode } from './message'
import type { Dictionary, Translate, Vars } from './types'

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9_]*)\}/g
const parsed = new Map<string, MessageNode[] | null>()

/** The parsed text, or null when its plural/select syntax is broken (the audit reports it). */
function parse(text: string): MessageNode[] | null {
  let nodes = parsed.get(text)
  if (nodes === undefined) {
    try {
      nodes = parseMessage(text)
    } catch {
      nodes = null
    }
    parsed.set(text, nodes)
  }
  return nodes
}

export function interpolate(text: string, vars: Vars = {}, locale = 'en'): string {
  if (!text.includes('{')) return text
  // Without plural/select forms the parser would find plain placeholders only (./fill.ts).
  if (!hasForms(text)) return fillPlaceholders(text, vars)
  const nodes = parse(text)
  if (nodes) return formatMessage(nodes, vars, locale)
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

/** The placeholder names a text uses, sorted: the audit compares them across locales. */
export function placeholdersOf(text: string): string[] {
  const nodes = parse(text)
  const names = nodes ? argumentNames(nodes) : new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))
  return [...names].sort()
}

/** `locale` chooses plural forms; a text taken from the fallback uses the fallback's rules. */
export function createTranslator(primary: Dictionary, fallback: Dictionary, baseVars: Vars = {}, locale = 'en', fallbackLocale = 'en'): Translate {
  return translator(interpolate, primary, fallback, baseVars, locale, fallbackLocale)
}
