// Writes the audit's outputs: the two CSVs (published with the site by scripts/postbuild.ts),
// summary.json (read by /en/localization-report) and summary.md (for $GITHUB_STEP_SUMMARY).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type FindingCounts, findingCounts } from './chart-findings'
import { itemsCsv, pagesCovered, percent, summaryCsv } from './csv'
import { summaryMarkdown } from './format'
import { readKeyUsage } from '../i18n/key-usage'
import type { AuditResult } from './run'

export const AUDIT_FILES = { summary: 'localization-audit.csv', items: 'localization-audit-items.csv', json: 'summary.json', markdown: 'summary.md' } as const

/** What summary.json holds: the report page renders `locales`. */
export type AuditSummary = Omit<AuditResult, 'problems' | 'locales'> & {
  locales: (AuditResult['locales'][number] & { completionText: string; pagesCoveredText: string; reviewedText: string })[]
  files: { summary: string; items: string }
  /** Findings per locale and check, errors and warnings apart: the report page's chart. */
  findings: FindingCounts
}

export function writeReports(result: AuditResult, outDir: string) {
  mkdirSync(outDir, { recursive: true })
  const { problems, ...rest } = result
  const summary: AuditSummary = {
    ...rest,
    locales: result.locales.map((r) => ({
      ...r,
      completionText: percent(r.completion),
      pagesCoveredText: pagesCovered(r),
      // Share of the required texts reviewed from the current English (the lock files' states).
      reviewedText: percent(r.requiredUnits ? r.reviewed / r.requiredUnits : 1),
    })),
    files: { summary: AUDIT_FILES.summary, items: AUDIT_FILES.items },
    findings: findingCounts(
      problems,
      result.locales.map((r) => r.locale),
    ),
  }
  writeFileSync(join(outDir, AUDIT_FILES.summary), summaryCsv(result.locales))
  // The pages each UI key is on, from the last build when there is one (`npm run audit` after a
  // build); the build's own audit runs before its prerender, in a build without dist/.
  writeFileSync(join(outDir, AUDIT_FILES.items), itemsCsv(problems, readKeyUsage()))
  writeFileSync(join(outDir, AUDIT_FILES.json), `${JSON.stringify(summary, null, 2)}\n`)
  writeFileSync(join(outDir, AUDIT_FILES.markdown), summaryMarkdown(result))
}
