// Compares one locale's units with English: what is required there (from the route table),
// what is missing, empty, stale, left in English, or has other {placeholders}.
import { performance } from 'node:perf_hooks'
import { placeholdersOf } from '../i18n/translate'
import type { LocaleContent, Unit } from './collect'
import { type Lock, type ReviewState, sourceHash, stateRank } from './lock'
import { messageFindings, selectValues } from './plurals'
import { PROBLEMS, type Problem } from './problem'
import { consistencyFindings, type Pair } from './qa/consistency'
import { place, type Placed, type QaContext, translationQa } from './qa/unit-qa'
import { hasContent, type AuditRoutes } from './routes'
import { translatorNote } from './translator-note'

export type LocaleStats = {
  locale: string
  requiredUnits: number
  translated: number
  /** Required texts translated from the current English and reviewed (state reviewed or final in the lock). */
  reviewed: number
  /** Translated texts with an error (placeholders, plural or select forms): not complete. */
  withErrors: number
  missing: number
  empty: number
  placeholderMismatches: number
  stale: number
  identical: number
  structureMismatches: number
  extra: number
  /** QA check findings (lib/audit/qa/): an error makes its text count as not complete. */
  qaErrors: number
  qaWarnings: number
  /** Translated texts the lock file does not know yet (cannot be checked for staleness). */
  unlocked: number
  pagesTotal: number
  pagesCovered: number
  /** Route keys shown as a "not translated yet" notice in this locale (not counted as pages). */
  placeholderPages: string[]
}

export type CompareOptions = {
  strictStale: boolean
  identicalOk: (text: string) => boolean
  qa?: QaContext
  /** The state an English text's translations must reach before release (content/audit.yml review:), if any. */
  reviewRequired?: (unit: Unit, locale: string) => ReviewState | undefined
}

/** Is this English unit needed in `locale`? Decided by content/routes.yml only. */
export function isRequired(unit: Unit, locale: string, routes: AuditRoutes): boolean {
  // A link to a page that has no real content in this locale may be left out.
  const target = unit.link ? routes.routes.get(unit.link) : undefined
  if (target && !hasContent(target, locale)) return false
  if (!unit.route) return true
  const route = routes.routes.get(unit.route)
  if (!route) return false
  return unit.ui ? locale in route.paths : hasContent(route, locale)
}

const blank = (text: string | null) => !text?.trim()

// An English text's hash and placeholders, worked out once per run rather than once per locale.
const facts = new WeakMap<Unit, { hash: string; placeholders: string[]; selects: Map<string, string[]> }>()
function englishFacts(unit: Unit) {
  let known = facts.get(unit)
  if (!known)
    facts.set(unit, (known = { hash: sourceHash(unit.text ?? ''), placeholders: placeholdersOf(unit.text ?? ''), selects: selectValues(unit.text ?? '') }))
  return known
}
export type TextFinding = { severity: Problem['severity']; kind: Problem['kind']; message: string }

/**
 * What is wrong with one translated text itself, whatever its freshness: placeholders unlike
 * English's, and its plural/select syntax and forms. An error here makes the text unusable as
 * it stands, so it counts as not translated in the completion figures, and the XLIFF export
 * sends it to the translator again (lib/audit/xliff/xliff-export.ts).
 */
export function textFindings(source: Unit, text: string, locale: string): TextFinding[] {
  const { placeholders: want, selects } = englishFacts(source)
  const have = placeholdersOf(text)
  const findings: TextFinding[] = []
  if (want.join() !== have.join())
    findings.push({
      severity: 'error',
      kind: PROBLEMS.placeholders,
      message: `placeholders differ from English: English has ${list(want)}, this text has ${list(have)}; keep every {name} exactly as in English`,
    })
  return [...findings, ...messageFindings(text, locale, selects)]
}

const shellWord = (word: string) => (/^[\w./@:=+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)
/** The exact command that records one reviewed text as current (scripts/audit/lock.ts). */
export const lockCommand = (file: string, key: string) => `npm run audit:lock -- --file ${shellWord(file)} --key ${shellWord(key)}`
const notReviewed = (needs: ReviewState, locked: { state: ReviewState } | undefined, current: boolean, file: string, key: string) => {
  const why = !locked ? 'it is not in the lock file' : !current ? `the English text changed after it was ${locked.state}` : `it is ${locked.state}`
  return `not reviewed: this text must be ${needs} before release (content/audit.yml review:) and ${why}; once a reviewer has checked it: ${lockCommand(file, key)} --state ${needs}`
}
const list = (names: string[]) => (names.length ? names.map((n) => `{${n}}`).join(' ') : 'none')

export function emptyStats(locale: string, routes: AuditRoutes): LocaleStats {
  const existing = [...routes.routes.values()].filter((r) => locale in r.paths)
  return {
    locale,
    requiredUnits: 0,
    translated: 0,
    reviewed: 0,
    withErrors: 0,
    missing: 0,
    empty: 0,
    placeholderMismatches: 0,
    stale: 0,
    identical: 0,
    structureMismatches: 0,
    extra: 0,
    qaErrors: 0,
    qaWarnings: 0,
    unlocked: 0,
    pagesTotal: existing.filter((r) => hasContent(r, locale)).length,
    pagesCovered: 0,
    placeholderPages: existing.filter((r) => !hasContent(r, locale)).map((r) => r.key),
  }
}

export function compareLocale(
  locale: string,
  english: LocaleContent,
  target: LocaleContent | undefined,
  routes: AuditRoutes,
  lock: Lock,
  options: CompareOptions,
) {
  const stats = emptyStats(locale, routes)
  const problems: Problem[] = []
  const files = target?.files ?? new Map()
  const units = target?.units ?? new Map<string, Unit>()
  const uncovered = new Set<string>()
  const missingFiles = new Map<string, { count: number; first: Unit }>()
  const englishByFile = new Map<string, Unit[]>()
  for (const unit of english.units.values()) {
    const list = englishByFile.get(unit.at.file) ?? []
    if (!list.length) englishByFile.set(unit.at.file, list)
    list.push(unit)
  }

  /** Where a missing text should go: beside the text before it (UI) or inside its parent (blocks). */
  const lineFor = (unit: Unit, file: string): number | undefined => {
    const at = files.get(file)
    if (!at) return undefined
    if (unit.ui) {
      const order = englishByFile.get(unit.at.file) ?? []
      for (let i = order.indexOf(unit) - 1; i >= 0; i--) {
        const before = units.get(order[i]!.id)
        if (before?.at.file === file) return before.line
      }
      return 1
    }
    const path = unit.key.match(/\[[^\]]*\]|[^.]+/g) ?? []
    for (let n = path.length - 1; n >= 1; n--) {
      const line = at.parsed.lines.get(path.slice(0, n).join('.'))
      if (line) return line
    }
    return 1
  }
  const report = (severity: Problem['severity'], kind: Problem['kind'], unit: Unit, message: string, at?: { file: string; line?: number }, quiet?: boolean) => {
    const note = translatorNote(unit)
    problems.push({
      severity,
      kind,
      locale,
      file: at?.file ?? unit.at.file,
      line: at ? at.line : unit.line,
      key: unit.key,
      message,
      english: unit.text ?? '',
      englishAt: `${unit.at.file}:${unit.line}`,
      ...(note ? { note } : {}),
      ...(quiet ? { quiet } : {}),
    })
  }

  const pairs: Pair[] = []
  const withQaErrors = new Set<Unit>()
  /** A QA finding on a translation: an error on a required text makes it (and its page) incomplete. */
  const reportQa = (source: Unit, placed: Placed, required: boolean) => {
    const severity = required ? placed.severity : 'warning'
    if (severity === 'error') stats.qaErrors++
    else stats.qaWarnings++
    report(severity, placed.kind, source, placed.message, placed)
    if (severity === 'error' && !withQaErrors.has(source)) {
      withQaErrors.add(source)
      stats.withErrors++
      if (source.route) uncovered.add(source.route)
    }
  }

  for (const source of english.units.values()) {
    const translation = units.get(source.id)
    const required = isRequired(source, locale, routes)
    const expected = source.at.inLocale(locale)
    if (source.structural) {
      if (!required || !files.has(expected) || files.get(expected)!.parsed.error) continue
      if ((translation?.text ?? null) !== source.text) {
        stats.structureMismatches++
        const found = translation ? `"${translation.text ?? ''}"` : 'nothing'
        report(
          'warning',
          PROBLEMS.structure,
          source,
          `structure differs from English: "${source.text}" expected, found ${found}; ${source.key.split('.').pop()} is not translated, copy it from English`,
          translation ? { file: translation.at.file, line: translation.line } : { file: expected, line: lineFor(source, expected) },
        )
      }
      continue
    }
    if (required) stats.requiredUnits++
    if (!translation || blank(translation.text)) {
      if (!required) continue
      if (source.route) uncovered.add(source.route)
      if (!translation) {
        stats.missing++
        const fileMissing = !files.has(expected)
        if (fileMissing) {
          const seen = missingFiles.get(expected)
          missingFiles.set(expected, { count: (seen?.count ?? 0) + 1, first: seen?.first ?? source })
        }
        // A missing or unreadable file is one finding on screen; the CSV still lists every text.
        const quiet = fileMissing || Boolean(files.get(expected)?.parsed.error)
        report('error', PROBLEMS.missing, source, 'not translated: add this text in your language', { file: expected, line: lineFor(source, expected) }, quiet)
      } else {
        stats.empty++
        report('error', PROBLEMS.empty, source, 'empty: write the translation', { file: translation.at.file, line: translation.line })
      }
      continue
    }
    if (required) stats.translated++
    const text = translation.text!
    const at = { file: translation.at.file, line: translation.line }
    const { hash } = englishFacts(source)
    const findings = textFindings(source, text, locale)
    for (const finding of findings) {
      if (finding.severity === 'error') stats.placeholderMismatches++
      report(required ? finding.severity : 'warning', finding.kind, source, finding.message, at)
    }
    // A broken text is on the page as it stands: neither the text nor its page is complete.
    if (required && findings.some((f) => f.severity === 'error')) {
      stats.withErrors++
      if (source.route) uncovered.add(source.route)
    }
    if (required && findings.some((f) => f.severity === 'error')) withQaErrors.add(source)
    if (options.qa) {
      for (const placed of translationQa(source, translation, locale, options.qa)) reportQa(source, placed, required)
      pairs.push({ source, translation })
    }
    const locked = lock.get(source.id)
    const current = locked?.hash === hash
    // A review is of a translation of one English text: an edited English sends it back.
    if (required && current && stateRank(locked.state) >= stateRank('reviewed')) stats.reviewed++
    const needs = required ? options.reviewRequired?.(source, locale) : undefined
    if (needs && !(current && stateRank(locked.state) >= stateRank(needs)))
      report('error', PROBLEMS.notReviewed, source, notReviewed(needs, locked, current, translation.at.file, source.key), at)
    if (!locked) stats.unlocked++
    else if (!current) {
      stats.stale++
      report(
        options.strictStale ? 'error' : 'warning',
        PROBLEMS.stale,
        source,
        `stale: the English text changed after this was translated; update it, then mark it current: ${lockCommand(translation.at.file, source.key)}`,
        at,
      )
    }
    if (text.trim() === source.text?.trim() && !options.identicalOk(text)) {
      stats.identical++
      // A text left in English is shown to buyers as English: an error where the text is required.
      if (required && !withQaErrors.has(source)) {
        withQaErrors.add(source)
        stats.withErrors++
        if (source.route) uncovered.add(source.route)
      }
      report(
        required ? 'error' : 'warning',
        PROBLEMS.identical,
        source,
        'same as English: translate it, or add the term to content/audit.yml (identical:) if it is a name, standard or unit',
        at,
      )
    }
  }

  if (options.qa) {
    const started = performance.now()
    const inconsistent = consistencyFindings(pairs)
    options.qa.ms += performance.now() - started
    for (const { pair, finding } of inconsistent)
      for (const placed of place(pair.translation, [finding], options.qa.ledger)) reportQa(pair.source, placed, isRequired(pair.source, locale, routes))
  }

  for (const [file, { count, first }] of missingFiles) {
    problems.push({
      severity: 'error',
      kind: PROBLEMS.missingFile,
      locale,
      file,
      key: '',
      englishAt: first.at.file,
      message: `missing file: create it with the ${count} text${count === 1 ? '' : 's'} of ${first.at.file} translated`,
    })
  }

  const sourceLocale = routes.locales[0]!
  for (const at of files.values()) {
    const englishFile = at.inLocale(sourceLocale)
    if (!english.files.has(englishFile)) {
      stats.extra++
      problems.push({
        severity: 'warning',
        kind: PROBLEMS.extra,
        locale,
        file: at.file,
        line: 1,
        key: '',
        message: `no English file ${englishFile}: rename or delete this file`,
      })
    }
  }
  for (const unit of units.values()) {
    if (unit.structural || english.units.has(unit.id) || !english.files.has(unit.at.inLocale(sourceLocale))) continue
    stats.extra++
    problems.push({
      severity: 'warning',
      kind: PROBLEMS.extra,
      locale,
      file: unit.at.file,
      line: unit.line,
      key: unit.key,
      message: 'not in English: delete it, or add it to the English file first',
      english: '',
    })
  }

  stats.pagesCovered = [...routes.routes.values()].filter((r) => hasContent(r, locale) && !uncovered.has(r.key)).length
  return { stats, problems }
}
