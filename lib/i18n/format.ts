// Dates and lists in the reader's language, with Intl (no raw ISO dates, no comma lists):
// formatDate('2026-03-01', 'de') → "1. März 2026"; formatList(['50 m', '100 m'], 'tr') → "50 m ve 100 m".

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * One Intl formatter per locale and options: constructing one (it loads the locale's data) costs
 * about a millisecond, and the prerender formats dates, sizes and lists thousands of times.
 */
export function memoFormatter<T>(make: (locale: string, key: string) => T): (locale: string, key?: string) => T {
  const made = new Map<string, T>()
  return (locale, key = '') => {
    const id = `${locale}\u0000${key}`
    let f = made.get(id)
    if (!f) made.set(id, (f = make(locale, key)))
    return f
  }
}
const dateFormat = /* @__PURE__ */ memoFormatter((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }))
const listFormat = /* @__PURE__ */ memoFormatter((locale, type) => new Intl.ListFormat(locale, { style: 'long', type: type as 'conjunction' | 'disjunction' }))

/** A YYYY-MM-DD date (frontmatter `updated:`) as the locale writes it; the day never shifts by time zone. */
export function formatDate(iso: string, locale: string): string {
  const m = ISO_DATE.exec(iso)
  if (!m) throw new Error(`"${iso}" is not a YYYY-MM-DD date`)
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  if (date.toISOString().slice(0, 10) !== iso) throw new Error(`"${iso}" is not a real date`)
  return dateFormat(locale).format(date)
}

/**
 * "a, b and c" in the locale's words. In right-to-left text each item is a left-to-right isolate
 * (U+2066 … U+2069), so "50 m" keeps its order around the Arabic "و".
 */
export function formatList(
  items: string[],
  locale: string,
  { type = 'conjunction', rtl = false }: { type?: 'conjunction' | 'disjunction'; rtl?: boolean } = {},
): string {
  const parts = rtl ? items.map((item) => `\u2066${item}\u2069`) : items
  return listFormat(locale, type).format(parts)
}
