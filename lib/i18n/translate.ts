// t(key, vars): the current locale's text, else English, else the key itself (spec §5);
// {placeholders} are replaced by vars. Pure, so it runs on the server and in the browser.
export type Dictionary = Record<string, string>
export type Vars = Record<string, string | number>
export type Translate = (key: string, vars?: Vars) => string

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9_]*)\}/g

export function interpolate(text: string, vars: Vars = {}): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

/** The placeholder names a text uses, sorted: the audit compares them across locales. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort()
}

export function createTranslator(primary: Dictionary, fallback: Dictionary, baseVars: Vars = {}): Translate {
  return (key, vars) => {
    const text = primary[key] || fallback[key]
    return text ? interpolate(text, { ...baseVars, ...vars }) : key
  }
}
