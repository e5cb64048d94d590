// The localization audit as one function (the CLI, the bench and the tests call it): reads
// content/ straight from the YAML/MDX sources and returns per-locale numbers and every finding.
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { collectContent, type LocaleContent } from './collect'
import type { LeafCache } from './leaf-cache'
import { compareLocale, emptyStats, isRequired, type LocaleStats } from './compare'
import { auditConfigSchema, reviewRequirement, type AuditConfig } from './config'
import { allowedIdentical } from './identical'
import { orphanLockFiles, readLocaleLock } from './lock'
import { localeNotes } from './notes'
import { messageFindings } from './plurals'
import { PROBLEMS, type Problem } from './problem'
import { loadQaRules, QaRulesError, type QaRules } from './qa/rules'
import { type QaContext, SilenceLedger, sourceQa } from './qa/unit-qa'
import { auditRoutes, hasContent, RoutesFileError, type AuditRoutes } from './routes'
import { yamlLeaves, type ParsedYaml } from './yaml-leaves'

export type AuditOptions = {
  /** The content folder (default: ./content). */
  contentDir?: string
  /** Stale translations are errors, not warnings. */
  strictStale?: boolean
  /** File paths in findings are relative to this (default: the working directory). */
  cwd?: string
  /** Reuse the parse of unchanged files between runs (lib/audit/leaf-cache.ts). */
  leafCache?: LeafCache
}
export type LocaleRow = LocaleStats & { name: string; completion: number; notes: string }
export type AuditResult = {
  ok: boolean
  errors: number
  warnings: number
  elapsedMs: number
  /** Of elapsedMs, the time in the QA checks (lib/audit/qa/). */
  qaMs: number
  sourceLocale: string
  locales: LocaleRow[]
  problems: Problem[]
}

export class AuditSetupError extends Error {
  override name = 'AuditSetupError'
}

/** Everything the audit and the lock command share: config, routes and every locale's units. */
export type AuditInput = {
  config: AuditConfig
  routes: AuditRoutes
  byLocale: Map<string, LocaleContent>
  problems: Problem[]
  names: Map<string, string>
  show: (path: string) => string
  contentDir: string
  /** The term base and the locales' style rules (content/terms/, content/style/). */
  qaRules: QaRules
}

export function loadAudit(contentDir: string, cwd = process.cwd(), leafCache?: LeafCache): AuditInput {
  const show = (path: string) => relative(cwd, join(contentDir, path)).split('\\').join('/')
  const read = (path: string): ParsedYaml => {
    const full = join(contentDir, path)
    if (!existsSync(full)) throw new AuditSetupError(`${show(path)}: not found (is --content pointing at the content folder?)`)
    const parsed = yamlLeaves(readFileSync(full, 'utf8'), { data: true })
    if (parsed.error) throw new AuditSetupError(`${show(path)}:${parsed.error.line}: ${parsed.error.message}`)
    return parsed
  }
  const configYml = read('audit.yml')
  const config = auditConfigSchema.safeParse(configYml.data)
  if (!config.success) {
    const issue = config.error.issues[0]!
    throw new AuditSetupError(`${show('audit.yml')}:${configYml.lines.get(issue.path.join('.')) ?? 1}: ${issue.path.join('.') || '(file)'}: ${issue.message}`)
  }
  const localesYml = read('locales.yml')
  let routes: AuditRoutes
  try {
    routes = auditRoutes(localesYml, read('routes.yml'), show('routes.yml'), show('locales.yml'))
  } catch (error) {
    if (error instanceof RoutesFileError) throw new AuditSetupError(error.message)
    throw error
  }
  const names = routes.names
  let qaRules: QaRules
  try {
    qaRules = loadQaRules(contentDir, routes.locales, show)
  } catch (error) {
    if (error instanceof QaRulesError) throw new AuditSetupError(error.message)
    throw error
  }
  const { byLocale, problems } = collectContent(contentDir, config.data, routes, cwd, leafCache)
  return { config: config.data, routes, byLocale, problems: [...routes.problems, ...problems], names, show, contentDir, qaRules }
}

export function runAudit(options: AuditOptions = {}): AuditResult {
  const started = performance.now()
  const contentDir = resolve(options.contentDir ?? 'content')
  const input = loadAudit(contentDir, options.cwd, options.leafCache)
  const { config, routes, byLocale } = input
  const [sourceLocale] = routes.locales
  if (!sourceLocale) throw new AuditSetupError(`${input.show('locales.yml')}: at least one locale is required`)
  const english: LocaleContent = byLocale.get(sourceLocale) ?? { files: new Map(), units: new Map() }
  const qa: QaContext = { rules: input.qaRules, ledger: new SilenceLedger(), ms: 0 }
  const problems = [...input.problems, ...routeless(english, routes, sourceLocale), ...englishMessages(english, sourceLocale, qa)]
  const translations = new Set([...byLocale].filter(([locale]) => locale !== sourceLocale).flatMap(([, c]) => [...c.files.values()].map((f) => f.rel)))
  for (const rel of orphanLockFiles(contentDir, config.lock, translations)) {
    problems.push({
      severity: 'warning',
      kind: PROBLEMS.orphanLock,
      locale: sourceLocale,
      file: input.show(rel),
      line: 1,
      key: '',
      message: `no translation file of this path (renamed or deleted): delete it with git rm ${input.show(rel)}`,
    })
  }
  const rows: LocaleRow[] = []
  const needsReview = reviewRequirement(config.review)

  for (const locale of routes.locales) {
    let stats: LocaleStats
    if (locale === sourceLocale) {
      stats = emptyStats(locale, routes)
      stats.requiredUnits = stats.translated = stats.reviewed = [...english.units.values()].filter((u) => !u.structural && isRequired(u, locale, routes)).length
      stats.pagesCovered = stats.pagesTotal
    } else {
      const target = byLocale.get(locale)
      const { lock } = readLocaleLock(contentDir, config.lock, target?.files.values() ?? [], input.show)
      const identicalOk = allowedIdentical([...(config.identical.all ?? []), ...(config.identical[locale] ?? [])])
      const result = compareLocale(locale, english, target, routes, lock, {
        strictStale: Boolean(options.strictStale),
        identicalOk,
        qa,
        reviewRequired: (unit, l) => needsReview(unit.at.rel, l),
      })
      stats = result.stats
      problems.push(...result.problems)
    }
    const completion = stats.requiredUnits ? (stats.translated - stats.withErrors) / stats.requiredUnits : 1
    rows.push({ ...stats, name: input.names.get(locale) ?? locale, completion, notes: localeNotes(stats, locale === sourceLocale) })
  }

  for (const { unit, placed } of qa.ledger.leftovers()) {
    problems.push({ ...placed, locale: unit.at.locale, key: unit.key })
    const row = rows.find((r) => r.locale === unit.at.locale)
    if (row) row[placed.severity === 'error' ? 'qaErrors' : 'qaWarnings']++
  }
  const order = new Map(routes.locales.map((l, i) => [l, i]))
  problems.sort((a, b) => (order.get(a.locale) ?? 99) - (order.get(b.locale) ?? 99) || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0))
  const errors = problems.filter((p) => p.severity === 'error').length
  return {
    ok: errors === 0,
    errors,
    warnings: problems.length - errors,
    elapsedMs: Math.round(performance.now() - started),
    qaMs: Math.round(qa.ms),
    sourceLocale,
    locales: rows,
    problems,
  }
}

/** The English texts' own plural/select syntax and forms, and their surface QA checks (double
 *  spaces, repeated words…); translations are checked in compare.ts. */
function englishMessages(english: LocaleContent, sourceLocale: string, qa: QaContext): Problem[] {
  const problems: Problem[] = []
  for (const unit of english.units.values()) {
    if (unit.structural || !unit.text) continue
    for (const placed of sourceQa(unit, sourceLocale, qa)) problems.push({ ...placed, locale: sourceLocale, key: unit.key })
    for (const f of messageFindings(unit.text, sourceLocale)) {
      problems.push({ severity: f.severity, kind: f.kind, locale: sourceLocale, file: unit.at.file, line: unit.line, key: unit.key, message: f.message })
    }
  }
  return problems
}

/** English files whose route is not in content/routes.yml are required nowhere: say so once. */
function routeless(english: LocaleContent, routes: AuditRoutes, sourceLocale: string): Problem[] {
  const seen = new Set<string>()
  const problems: Problem[] = []
  for (const unit of english.units.values()) {
    if (unit.ui || !unit.route || seen.has(unit.at.file)) continue
    seen.add(unit.at.file)
    const route = routes.routes.get(unit.route)
    if (route && hasContent(route, sourceLocale)) continue
    problems.push({
      severity: 'warning',
      kind: PROBLEMS.noRoute,
      locale: sourceLocale,
      file: unit.at.file,
      line: 1,
      key: '',
      message: `route "${unit.route}" is not in content/routes.yml (or not in ${sourceLocale}): this file is not required in any locale`,
    })
  }
  return problems
}
