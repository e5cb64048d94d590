// "Identical to English" is usually a forgotten translation, but brand names, standards and
// units stay the same in every language. content/audit.yml lists them (identical: all / <locale>).
import { interpolate, placeholdersOf } from '../i18n/translate'

const escapeRegex = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A test: is this text (identical to English) made only of allowed terms, placeholders, numbers and punctuation? */
export function allowedIdentical(terms: string[]): (text: string) => boolean {
  const sorted = [...new Set(terms)].filter(Boolean).sort((a, b) => b.length - a.length)
  const pattern = sorted.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map(escapeRegex).join('|')})(?![\\p{L}\\p{N}])`, 'gu') : undefined
  return (text) => {
    const blanks = Object.fromEntries(placeholdersOf(text).map((name) => [name, ' ']))
    const plain = interpolate(text, blanks)
    const rest = pattern ? plain.replace(pattern, ' ') : plain
    return !/\p{L}/u.test(rest)
  }
}
