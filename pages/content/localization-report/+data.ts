// https://vike.dev/data
// The audit's results, read at build time from reports/audit/summary.json (npm run build runs
// the audit before vike build), and the history of the last releases from
// content/audit-history.yml (appended at each release by npm run audit:record-release, only
// read here). The charts are drawn here, as static SVG. The CSVs themselves are copied into
// dist/client by postbuild.
import { existsSync, readFileSync } from 'node:fs'
import { HISTORY_SHOWN, type LocaleFigures, localeFigures, type ReleaseEntry, readHistory } from '../../../lib/audit/history'
import type { AuditSummary } from '../../../lib/audit/write'
import type { PageHead } from '../../../lib/seo/head'
import { type FindingGroup, findingGroups } from './FindingsTable'
import { completeHistorySvg, completenessSvg, findingsHistorySvg, findingsSvg } from './report-charts'
import { type ReportRow, reportRows } from './report-rows'

export type HistoryRow = Pick<ReleaseEntry, 'release' | 'commit' | 'date' | 'backfilled'> & { locales: (LocaleFigures & { locale: string })[] }

export type LocalizationReportData = {
  head: PageHead
  report: Pick<AuditSummary, 'ok' | 'errors' | 'warnings' | 'files'> & {
    rows: ReportRow[]
    groups: FindingGroup[]
    charts: { completeness: string; findings: string }
  }
  history: { releases: HistoryRow[]; charts: { complete: string; findings: string } | null }
}

const SUMMARY = 'reports/audit/summary.json'

export function data(): LocalizationReportData {
  if (!existsSync(SUMMARY)) throw new Error(`${SUMMARY}: not found. Run npm run audit before vike build (npm run build does both).`)
  const summary = JSON.parse(readFileSync(SUMMARY, 'utf8')) as AuditSummary
  if (!summary.findings) throw new Error(`${SUMMARY}: no "findings" (written by an older audit). Run npm run audit again.`)
  const labels = new Map(summary.locales.map((r) => [r.locale, `${r.name} (${r.locale})`]))
  const now = localeFigures(summary)
  const figures = summary.locales.map((r) => ({ locale: r.locale, label: labels.get(r.locale)!, ...now[r.locale]! }))
  const releases = readHistory().releases.slice(-HISTORY_SHOWN)
  const order = summary.locales.map((r) => r.locale)
  return {
    head: {
      title: 'Localization QA report | Elastinet',
      description: 'How complete and how correct each language of the site is, how that changed over the last releases, and the audit CSVs to download.',
      breadcrumbs: [['Localization QA report', 'localization-report']],
    },
    report: {
      ok: summary.ok,
      errors: summary.errors,
      warnings: summary.warnings,
      files: summary.files,
      rows: reportRows(summary),
      groups: findingGroups(summary.findings, new Map(summary.locales.map((r) => [r.locale, r.name]))),
      charts: { completeness: completenessSvg(figures), findings: findingsSvg(figures) },
    },
    history: {
      releases: releases.map((r) => ({
        release: r.release,
        commit: r.commit,
        date: r.date,
        backfilled: r.backfilled,
        locales: Object.entries(r.locales)
          .map(([locale, f]) => ({ locale, ...f }))
          .sort((a, b) => order.indexOf(a.locale) - order.indexOf(b.locale)),
      })),
      // A line needs two points.
      charts: releases.length >= 2 ? { complete: completeHistorySvg(releases, labels), findings: findingsHistorySvg(releases) } : null,
    },
  }
}
