// https://vike.dev/data
// The audit's results, read at build time from reports/audit/summary.json (npm run build runs
// the audit before vike build). The CSVs themselves are copied into dist/client by postbuild.
import { existsSync, readFileSync } from 'node:fs'
import type { AuditSummary } from '../../../lib/audit/write'
import type { PageHead } from '../../../lib/seo/head'

export type LocalizationReportData = {
  head: PageHead
  report: Pick<AuditSummary, 'ok' | 'errors' | 'warnings' | 'files'> & {
    rows: { locale: string; name: string; completion: string; pagesCovered: string; notes: string }[]
  }
}

const SUMMARY = 'reports/audit/summary.json'

export function data(): LocalizationReportData {
  if (!existsSync(SUMMARY)) throw new Error(`${SUMMARY}: not found. Run npm run audit before vike build (npm run build does both).`)
  const summary = JSON.parse(readFileSync(SUMMARY, 'utf8')) as AuditSummary
  return {
    head: {
      title: 'Localization QA report | Elastinet',
      description: 'Translation completeness per language: completion, pages covered and notes, with the audit CSV to download.',
      breadcrumbs: [['Localization QA report', 'localization-report']],
    },
    report: {
      ok: summary.ok,
      errors: summary.errors,
      warnings: summary.warnings,
      files: summary.files,
      rows: summary.locales.map((r) => ({ locale: r.locale, name: r.name, completion: r.completionText, pagesCovered: r.pagesCoveredText, notes: r.notes })),
    },
  }
}
