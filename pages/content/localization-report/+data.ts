// https://vike.dev/data
// The audit's results, read at build time from reports/audit/summary.json (npm run build runs
// the audit before vike build). The CSVs themselves are copied into dist/client by postbuild.
import { existsSync, readFileSync } from 'node:fs'
import { findingsChart, type FindingsChart } from '../../../lib/audit/chart-layout'
import type { AuditSummary } from '../../../lib/audit/write'
import type { PageHead } from '../../../lib/seo/head'
import { type ReportRow, reportRows } from './report-rows'

export type LocalizationReportData = {
  head: PageHead
  report: Pick<AuditSummary, 'ok' | 'errors' | 'warnings' | 'files'> & { rows: ReportRow[]; chart: FindingsChart }
}

const SUMMARY = 'reports/audit/summary.json'

export function data(): LocalizationReportData {
  if (!existsSync(SUMMARY)) throw new Error(`${SUMMARY}: not found. Run npm run audit before vike build (npm run build does both).`)
  const summary = JSON.parse(readFileSync(SUMMARY, 'utf8')) as AuditSummary
  if (!summary.findings) throw new Error(`${SUMMARY}: no "findings" (written by an older audit). Run npm run audit again.`)
  return {
    head: {
      title: 'Localization QA report | Elastinet',
      description: 'How complete and how correct each language of the site is, what the audit found per language, and the audit CSVs to download.',
      breadcrumbs: [['Localization QA report', 'localization-report']],
    },
    report: {
      ok: summary.ok,
      errors: summary.errors,
      warnings: summary.warnings,
      files: summary.files,
      rows: reportRows(summary),
      chart: findingsChart(summary.findings, new Map(summary.locales.map((r) => [r.locale, r.name]))),
    },
  }
}
