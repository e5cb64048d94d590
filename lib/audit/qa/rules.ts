// The rules the QA checks read, all from content/: the term base (content/terms/en.yml for the
// concepts, content/terms/<locale>.yml for each locale's terms) and each locale's style
// (content/style/<locale>.yml). A broken rules file stops the audit naming file, line and field.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { yamlLeaves } from '../yaml-leaves'
import { bare, type FormMatcher, formMatcher } from './forms'

export const conceptSchema = z
  .object({
    en: z.string().min(1),
    /** English forms that signal the concept (see formPattern). */
    match: z.array(z.string().min(1)).min(1),
    /** false: a translation may paraphrase it (qa-term-missing is off; forbidden variants still count). */
    mismatch: z.boolean().default(true),
    note: z.string().optional(),
    glossary: z.string().optional(),
  })
  .strict()

export const termBaseSchema = z
  .object({
    concepts: z.record(z.string().regex(/^[a-z0-9-]+$/, 'a concept id is lower-case words joined by -'), conceptSchema),
    doNotTranslate: z.array(z.string().min(1)).default([]),
  })
  .strict()

export const localeTermSchema = z
  .object({
    /** The preferred term (TBX "preferredTerm-admn-sts"). */
    term: z.string().min(1),
    /** Forms the audit accepts for it; default: the term itself. */
    forms: z.array(z.string().min(1)).optional(),
    /** Variants that must not be used (TBX "deprecatedTerm-admn-sts"). */
    forbidden: z.array(z.string().min(1)).default([]),
    note: z.string().optional(),
  })
  .strict()

export const PUNCTUATION_RULES = ['french-spacing', 'arabic-marks', 'spanish-inverted', 'german-quotes'] as const

export const styleSchema = z
  .object({
    punctuation: z.array(z.enum(PUNCTUATION_RULES)).default([]),
    apostrophe: z.enum(["'", '’']).optional(),
    quotes: z.array(z.tuple([z.string().min(1), z.string().min(1)])).optional(),
    register: z
      .array(
        z
          .object({
            pattern: z.string().refine(validRegex, 'not a valid regular expression'),
            message: z.string().min(1),
          })
          .strict(),
      )
      .default([]),
    range: z
      .string()
      .regex(/^\{min\}.*\{max\}$/, 'range is written with {min} and {max}, e.g. "{min} à {max}"')
      .optional(),
    /** Words that may be doubled in this language ("yavaş yavaş"). */
    allowRepeated: z.array(z.string().min(1)).default([]),
  })
  .strict()

function validRegex(pattern: string): boolean {
  try {
    registerRegex(pattern)
    return true
  } catch {
    return false
  }
}

// JavaScript's \b knows only ASCII letters, so "\btes\b" would match inside "êtes". In a
// register pattern \b means a boundary between a letter or digit of any script and anything else.
const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}_]'
const UNICODE_BOUNDARY = `(?:(?<!${WORD_CHAR})(?=${WORD_CHAR})|(?<=${WORD_CHAR})(?!${WORD_CHAR}))`
export const registerRegex = (pattern: string) => new RegExp(pattern.replace(/(?<!\\)((?:\\\\)*)\\b/g, `$1${UNICODE_BOUNDARY}`), 'giu')

export type Concept = z.infer<typeof conceptSchema> & { id: string; pattern: FormMatcher }
export type LocaleTerm = z.infer<typeof localeTermSchema> & { allowed: FormMatcher; banned?: FormMatcher }
export type Style = z.infer<typeof styleSchema> & { registerRules: { regex: RegExp; message: string }[] }
export type QaRules = {
  concepts: Concept[]
  doNotTranslate: string[]
  /** locale → concept id → its term there. */
  terms: Map<string, Map<string, LocaleTerm>>
  styles: Map<string, Style>
  /** locale → every forbidden form of the locale in one pattern: most texts have none, and one
   *  scan is much cheaper than one per concept. */
  anyBanned: Map<string, FormMatcher>
  /** Files read, for the report ("content/terms/de.yml"). */
  files: string[]
}

export class QaRulesError extends Error {
  override name = 'QaRulesError'
}

const lower = (forms: string[], locale: string) => forms.map((f) => f.toLocaleLowerCase(locale))
const bareForm = (form: string, locale: string) => bare(form.toLocaleLowerCase(locale))

type Loaded<T> = { data: T; show: string } | undefined

function load<T>(contentDir: string, rel: string, schema: z.ZodType<T>, show: (p: string) => string): Loaded<T> {
  const full = join(contentDir, rel)
  if (!existsSync(full)) return undefined
  const parsed = yamlLeaves(readFileSync(full, 'utf8'), { data: true })
  if (parsed.error) throw new QaRulesError(`${show(rel)}:${parsed.error.line}: ${parsed.error.message}`)
  const result = schema.safeParse(parsed.data ?? {})
  if (!result.success) {
    const issue = result.error.issues[0]!
    const path = issue.path.join('.')
    // The line of the deepest path that the file has.
    let line = 1
    for (let n = issue.path.length; n >= 1; n--) {
      const at = parsed.lines.get(issue.path.slice(0, n).join('.'))
      if (at) {
        line = at
        break
      }
    }
    throw new QaRulesError(`${show(rel)}:${line}: ${path || '(file)'}: ${issue.message}`)
  }
  return { data: result.data, show: show(rel) }
}

export function loadQaRules(contentDir: string, locales: string[], show: (p: string) => string): QaRules {
  const [source] = locales
  const files: string[] = []
  const base = load(contentDir, `terms/${source}.yml`, termBaseSchema, show)
  if (base) files.push(base.show)
  const concepts: Concept[] = Object.entries(base?.data.concepts ?? {}).map(([id, c]) => ({ ...c, id, pattern: formMatcher(lower(c.match, source!)) }))
  const known = new Set(concepts.map((c) => c.id))
  const terms = new Map<string, Map<string, LocaleTerm>>()
  const styles = new Map<string, Style>()
  const anyBanned = new Map<string, FormMatcher>()
  for (const locale of locales) {
    const style = load(contentDir, `style/${locale}.yml`, styleSchema, show)
    if (style) {
      files.push(style.show)
      styles.set(locale, { ...style.data, registerRules: style.data.register.map((r) => ({ regex: registerRegex(r.pattern), message: r.message })) })
    }
    if (locale === source) continue
    const own = load(contentDir, `terms/${locale}.yml`, z.record(z.string(), localeTermSchema), show)
    if (!own) continue
    files.push(own.show)
    const map = new Map<string, LocaleTerm>()
    for (const [id, term] of Object.entries(own.data)) {
      if (!known.has(id)) throw new QaRulesError(`${own.show}: ${id}: no such concept in ${show(`terms/${source}.yml`)}`)
      const forms = term.forms?.length ? term.forms : [term.term]
      // Forms are compared without case and Arabic short vowels: a forbidden form equal to an
      // allowed one is a contradiction, not a rule.
      const same = term.forbidden.find((f) => forms.some((a) => bareForm(a, locale) === bareForm(f, locale)))
      if (same) throw new QaRulesError(`${own.show}: ${id}.forbidden: "${same}" is also an allowed form (forms compare without case and short vowels)`)
      const allowed = formMatcher(lower(forms, locale))
      map.set(id, { ...term, allowed, ...(term.forbidden.length ? { banned: formMatcher(lower(term.forbidden, locale)) } : {}) })
    }
    terms.set(locale, map)
    const banned = [...map.values()].flatMap((t) => t.forbidden)
    if (banned.length) anyBanned.set(locale, formMatcher(lower(banned, locale)))
  }
  return { concepts, doNotTranslate: base?.data.doNotTranslate ?? [], terms, styles, anyBanned, files }
}
