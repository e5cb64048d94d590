// The QA checks on one text, each with a stable id and a severity (docs: TRANSLATING.md,
// "Quality checks"). An error fails the audit; a warning is reported. They follow the checks
// professional tools run on every segment (Weblate's "Checks and fixups", Xbench's key-term
// mismatch, Verifika's numbers): surface checks on any text, English included, and checks of a
// translation against its English source and its locale's rules (lib/audit/qa/rules.ts).
import type { Severity } from '../problem'
import { tokens } from './forms'
import { QA, type QaCheck } from './ids'
import { prose, withoutMarkdown } from './prose'
import type { QaRules, Style } from './rules'

/** One finding; `index` is the offset in the text where it is (for the line number). */
export type QaFinding = { check: QaCheck; severity: Severity; message: string; index: number }

const LETTER = '[\\p{L}\\p{M}]'
const show = (s: string) => JSON.stringify(s.replace(/\uE000+/g, '{…}'))
const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`

// Zero-width and formatting characters, soft hyphens and controls. The directional isolates
// (U+2066–2069) and marks (U+200E/F) are allowed: right-to-left text needs them.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD\u202A-\u202E]|(?![\t\n\r])\p{Cc}/u

const REPEATED = new RegExp(`(?<!${LETTER})(${LETTER}+)[ \\t\\u00A0\\u202F]+\\1(?!${LETTER})`, 'gu')
const APOSTROPHE = { "'": /(?<=[\p{L}\p{N}\uE000])'(?=\p{L})/u, '’': /(?<=[\p{L}\p{N}\uE000])’(?=\p{L})/u }

/** Checks that hold for any text, the English source included. */
export function surfaceFindings(text: string, style?: Style): QaFinding[] {
  const found: QaFinding[] = []
  const invisible = INVISIBLE.exec(text)
  if (invisible)
    found.push({ check: QA.invisible, severity: 'error', index: invisible.index, message: `invisible character ${codePoint(invisible[0])}: delete it` })
  const body = text.replace(/\n$/, '')
  if (/^\s/.test(body) || /[^\S\n]$/.test(body) || /\s$/.test(body.replace(/\n$/, ''))) {
    const index = /^\s/.test(body) ? 0 : body.length - 1
    found.push({ check: QA.edgeSpace, severity: 'error', index, message: 'leading or trailing space: delete it' })
  }
  const double = /(?<=\S)[ \u00A0\u202F]{2,}(?=\S)/.exec(text)
  if (double) found.push({ check: QA.doubleSpace, severity: 'error', index: double.index, message: 'double space: one space between words' })
  const words = withoutMarkdown(prose(text))
  const allowed = new Set((style?.allowRepeated ?? []).map((w) => w.toLowerCase()))
  // Same case, same line: "Sie sie" is German, and a heading's last word may open the next paragraph.
  for (const m of words.matchAll(REPEATED)) {
    if (allowed.has(m[1]!.toLowerCase())) continue
    found.push({ check: QA.repeated, severity: 'error', index: m.index, message: `repeated word ${show(m[0])}: delete one` })
    break
  }
  return found
}

// Numbered-list markers ("1. ", "2. ") are structure, not numbers of the text.
const digits = (text: string) =>
  (
    withoutMarkdown(prose(text))
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
      .match(/\d+/g) ?? []
  ).map((n) => n.replace(/^0+(?=\d)/, ''))

const endClass = (text: string): string => {
  const end = prose(text).replace(/[\s\uE000"'’”“»«)*_]+$/u, '')
  const last = end.slice(-1)
  if (end.endsWith('...') || last === '…') return 'an ellipsis'
  if ('.。۔'.includes(last) && last) return 'a full stop'
  if ('?؟'.includes(last) && last) return 'a question mark'
  if (last === '!') return 'an exclamation mark'
  if (last === ':') return 'a colon'
  return 'no closing punctuation'
}

const lowerCache = new Map<string, string>()
const lowered = (text: string, locale: string) => {
  const key = `${locale}\0${text}`
  let out = lowerCache.get(key)
  if (out === undefined) {
    if (lowerCache.size > 50_000) lowerCache.clear()
    lowerCache.set(key, (out = text.toLocaleLowerCase(locale)))
  }
  return out
}

const conceptCache = new WeakMap<QaRules, Map<string, QaRules['concepts']>>()
/** The concepts (with key-term checking on) whose English forms the source text has, once per text. */
function conceptsIn(source: string, rules: QaRules): QaRules['concepts'] {
  let byText = conceptCache.get(rules)
  if (!byText) conceptCache.set(rules, (byText = new Map()))
  let found = byText.get(source)
  if (!found) {
    const words = tokens(lowered(prose(source), 'en'))
    found = rules.concepts.filter((c) => c.mismatch && c.pattern.find(words))
    byText.set(source, found)
  }
  return found
}

export type TargetContext = { locale: string; rules: QaRules; maxLength?: number; multiline: boolean }

/** Checks of a translation against its English source and its locale's rules. */
export function targetFindings(source: string, target: string, { locale, rules, maxLength, multiline }: TargetContext): QaFinding[] {
  const found: QaFinding[] = []
  const style = rules.styles.get(locale)
  const words = prose(target)

  // numbers and standard codes: the same set of numbers as English
  const want = digits(source)
  const have = digits(target)
  const missing = [...new Set(want)].filter((n) => !have.includes(n))
  const extra = [...new Set(have)].filter((n) => !want.includes(n))
  if (missing.length || extra.length) {
    const where = extra.length ? words.search(new RegExp(`(?<!\\d)${extra[0]}(?!\\d)`)) : 0
    found.push({
      check: QA.numbers,
      severity: 'error',
      index: Math.max(0, where),
      message: `numbers differ from English:${missing.length ? ` missing ${missing.join(', ')}` : ''}${extra.length ? `${missing.length ? ';' : ''} not in English ${extra.join(', ')}` : ''}; numbers and standard codes stay as in English`,
    })
  }
  for (const name of rules.doNotTranslate) {
    if (source.includes(name) && !target.includes(name))
      found.push({ check: QA.dnt, severity: 'error', index: 0, message: `${show(name)} is never translated (content/terms): write it exactly as in English` })
  }

  // punctuation and spacing of the locale
  const rulesOn = new Set(style?.punctuation ?? [])
  if (rulesOn.has('french-spacing')) {
    const spaced = /(?<before>[ ]|(?<=[\p{L}\p{N}\uE000)»”’*_]))(?<mark>[;:!?])(?=[\s*_)»”"’.]|$)/u.exec(words)
    if (spaced)
      found.push({
        check: QA.punctSpacing,
        severity: 'error',
        index: spaced.index,
        message: `${spaced.groups!.before ? 'a breakable space' : 'no space'} before ${show(spaced.groups!.mark!)}: French puts U+202F (narrow no-break space) before ; ! ? and U+00A0 before :`,
      })
    const guillemet = /«(?![\u00A0\u202F])|(?<![\u00A0\u202F])»/.exec(words)
    if (guillemet)
      found.push({ check: QA.punctSpacing, severity: 'error', index: guillemet.index, message: 'French « » take U+202F (narrow no-break space) inside' })
  }
  if (rulesOn.has('arabic-marks')) {
    const latin = /(?<=[\p{Script=Arabic}\uE000\u2069]\s?)[,;?]/u.exec(words)
    if (latin)
      found.push({
        check: QA.scriptPunct,
        severity: 'error',
        index: latin.index,
        message: `Latin ${show(latin[0])} after Arabic text: use ${{ ',': '،', ';': '؛', '?': '؟' }[latin[0]]}`,
      })
  }
  if (rulesOn.has('spanish-inverted')) {
    for (const [open, close] of [
      ['¿', '?'],
      ['¡', '!'],
    ] as const) {
      const opens = words.split(open).length - 1
      const closes = words.split(close).length - 1
      if (opens !== closes)
        found.push({
          check: QA.inverted,
          severity: 'error',
          index: Math.max(0, words.indexOf(opens < closes ? close : open)),
          message: `${opens} ${open} and ${closes} ${close}: Spanish opens every ${close} sentence with ${open}`,
        })
    }
  }
  const pairs = style?.quotes ?? (rulesOn.has('german-quotes') ? [['„', '“'] as [string, string]] : undefined)
  if (pairs) {
    const ok = new Set(pairs.flat())
    const bad = /["“”„«»‟]/u.exec(words.replace(/[„“”«»"]/gu, (c) => (ok.has(c) ? ' ' : c)))
    if (bad)
      found.push({
        check: QA.quotes,
        severity: 'error',
        index: bad.index,
        message: `quotation mark ${show(bad[0])}: this language writes ${pairs.map(([o, c]) => `${o}…${c}`).join(' or ')}`,
      })
  }
  if (style?.apostrophe) {
    const other = style.apostrophe === '’' ? "'" : '’'
    const wrong = APOSTROPHE[other].exec(words)
    if (wrong)
      found.push({
        check: QA.apostrophe,
        severity: 'error',
        index: wrong.index,
        message: `apostrophe ${show(other)}: this language uses ${show(style.apostrophe)} throughout`,
      })
  }
  if (!multiline && !/\{\s*[\w.-]+\s*,\s*(?:plural|select)/.test(source)) {
    const want = endClass(source)
    const got = endClass(target)
    if (want !== got)
      found.push({
        check: QA.endPunct,
        severity: 'warning',
        index: Math.max(0, target.length - 1),
        message: `English ends with ${want}, this text with ${got}`,
      })
  }

  // register, length, ranges
  for (const rule of style?.registerRules ?? []) {
    rule.regex.lastIndex = 0
    const hit = rule.regex.exec(words)
    if (hit) found.push({ check: QA.register, severity: 'error', index: hit.index, message: `${show(hit[0])}: ${rule.message}` })
  }
  if (maxLength !== undefined) {
    const length = [...words.replace(/\uE000+/g, '')].length
    if (length > maxLength)
      found.push({
        check: QA.length,
        severity: 'error',
        index: 0,
        message: `${length} characters without placeholders, the limit is ${maxLength} (set in the English file)`,
      })
  }
  if (style?.range && !/^\{min\}\s*[–-]\s*\{max\}$/.test(style.range)) {
    const typed = /(?:\d|\uE000)\s*[–—-]\s*(?:\d|\uE000)/u.exec(words)
    if (typed)
      found.push({
        check: QA.range,
        severity: 'error',
        index: typed.index,
        message: `range written with a dash: this language writes ranges as "${style.range}" (content/style/${locale}.yml); use the fact placeholder or words`,
      })
  }

  // terms
  const terms = rules.terms.get(locale)
  if (terms) {
    const targetWords = tokens(lowered(words, locale))
    const banned = new Set<string>()
    if (rules.anyBanned.get(locale)?.find(targetWords))
      for (const concept of rules.concepts) {
        const hit = terms.get(concept.id)?.banned?.find(targetWords)
        if (!hit) continue
        banned.add(concept.id)
        found.push({
          check: QA.termForbidden,
          severity: 'error',
          index: hit.start,
          message: `${show(words.slice(hit.start, hit.end))} is not the term for "${concept.en}" here: use ${show(terms.get(concept.id)!.term)} (content/terms/${locale}.yml)`,
        })
      }
    for (const concept of conceptsIn(source, rules)) {
      const term = terms.get(concept.id)
      if (!term || banned.has(concept.id)) continue
      if (!term.allowed.find(targetWords))
        found.push({
          check: QA.termMissing,
          severity: 'warning',
          index: 0,
          message: `English has "${concept.en}"; this text has none of its forms: ${show(term.term)} (content/terms/${locale}.yml)`,
        })
    }
  }
  return found
}
