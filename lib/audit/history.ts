// The localization report's history: one entry per release with each locale's figures as the
// release's own audit gave them. The file is committed (content/audit-history.yml) and appended
// to by `npm run audit:record-release` when a release is made (the release workflow runs it;
// docs/HOSTING.md); the build only reads it, so a past release's figures never change when the
// audit's checks or the content change later. Entries marked `backfilled` were computed once, from
// the audit each earlier commit carried, when the history began (docs/HOSTING.md, "The localization report's history").
import { readFileSync } from 'node:fs'
import { parse, stringify } from 'yaml'
import { z } from 'zod'
import type { FindingCounts, Tally } from './chart-findings'
import type { AuditSummary } from './write'

export const HISTORY_FILE = 'content/audit-history.yml'
/** How many of the latest releases the report page draws and lists. */
export const HISTORY_SHOWN = 12

const percent = z.number().min(0).max(100)
const count = z.number().int().min(0)
const figuresSchema = z.strictObject({ complete: percent, reviewed: percent.nullable(), errors: count, warnings: count })
const releaseEntry = z.strictObject({
  release: z.string().min(1),
  commit: z.string().regex(/^[0-9a-f]{40}$/, 'a full 40-digit commit id'),
  date: z.iso.datetime({ offset: true }),
  /** Computed afterwards from the audit that commit carried, not recorded by its release. */
  backfilled: z.boolean().optional(),
  locales: z.record(z.string(), figuresSchema),
})
const historySchema = z.strictObject({ releases: z.array(releaseEntry) })

export type LocaleFigures = z.infer<typeof figuresSchema>
export type ReleaseEntry = z.infer<typeof releaseEntry>
export type AuditHistory = z.infer<typeof historySchema>

/** The history file, checked: a hand edit that breaks it stops the build with the field named. */
export function readHistory(file = HISTORY_FILE): AuditHistory {
  const parsed = historySchema.safeParse(parse(readFileSync(file, 'utf8')))
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

/** Complete, in percent to one decimal (rounded down): never 100 while the locale has an error. */
export function completePercent(completion: number, errors: number): number {
  const value = Math.floor(completion * 1000) / 10
  return errors && value >= 99.9 ? 99.9 : value
}

const sum = (checks: FindingCounts[string] | undefined): Tally =>
  Object.values(checks ?? {}).reduce((a, t) => ({ errors: a.errors + t.errors, warnings: a.warnings + t.warnings }), { errors: 0, warnings: 0 })

type SummaryLike = {
  locales: (Pick<AuditSummary['locales'][number], 'locale' | 'completion' | 'requiredUnits'> & { reviewed?: number })[]
  findings?: FindingCounts
}

/**
 * Each locale's figures from a summary.json. An older audit wrote no `reviewed` (null: not
 * counted then) and no `findings`; without findings the entry cannot be made, rather than guessed.
 */
export function localeFigures(summary: SummaryLike): Record<string, LocaleFigures> {
  if (!summary.findings) throw new Error('summary.json has no "findings": written by an audit too old to record')
  return Object.fromEntries(
    summary.locales.map((row) => {
      const found = sum(summary.findings?.[row.locale])
      const reviewed = typeof row.reviewed === 'number' ? Math.floor((row.requiredUnits ? row.reviewed / row.requiredUnits : 1) * 1000) / 10 : null
      return [row.locale, { complete: completePercent(row.completion, found.errors), reviewed, ...found }]
    }),
  )
}

const HEADER = `# The localization report's history (pages/content/localization-report/), one entry per release,
# appended by npm run audit:record-release when a release is made: never edited by hand, never
# recomputed by the build. Entries with backfilled: true were computed once, afterwards, from the
# audit that commit carried (docs/HOSTING.md, "The localization report's history").
`

/** The file's text for `history`. */
export const historyText = (history: AuditHistory): string => `${HEADER}${stringify(history, { lineWidth: 0 })}`

/** The history with `entry` in it: an entry of the same commit is replaced (a re-run), and releases stay in date order. */
export function withRelease(history: AuditHistory, entry: ReleaseEntry): AuditHistory {
  const releases = [...history.releases.filter((r) => r.commit !== entry.commit), releaseEntry.parse(entry)]
  releases.sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
  return { ...history, releases }
}
