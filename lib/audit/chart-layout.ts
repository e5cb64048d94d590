// The geometry of the report page's findings chart: one group per locale, one bar per check
// with findings in it (errors and warnings as two segments), on one scale for the whole chart
// so bars compare across locales. Pure numbers: the page draws them as SVG at build time
// (pages/content/localization-report/FindingsChart.tsx), and a unit test checks them.
import { checkLabel } from './chart-labels'
import type { FindingCounts, Tally } from './chart-findings'

export const CHART = {
  width: 480,
  /** The legend above the groups. */
  legend: 32,
  /** A locale's heading line. */
  heading: 28,
  /** One check: its label line, then its bar. */
  row: 36,
  barTop: 18,
  barHeight: 12,
  /** Room right of the longest bar for its count. */
  countRoom: 48,
  gap: 10,
} as const

export type ChartBar = Tally & {
  check: string
  label: string
  /** Top of the row (label line); the bar is at y + CHART.barTop. */
  y: number
  errorWidth: number
  warningWidth: number
}
export type ChartGroup = Tally & { locale: string; name: string; y: number; bars: ChartBar[] }
export type FindingsChart = { width: number; height: number; max: number; total: Tally; groups: ChartGroup[] }

const sum = (tallies: Tally[]): Tally =>
  tallies.reduce((a, t) => ({ errors: a.errors + t.errors, warnings: a.warnings + t.warnings }), { errors: 0, warnings: 0 })

/**
 * Lays out `findings` (summary.json) for the locales in `names` order, then any other locale it
 * has. Within a locale, checks with errors come first, then by count: what to fix first on top.
 */
export function findingsChart(findings: FindingCounts, names: ReadonlyMap<string, string>): FindingsChart {
  const locales = [...names.keys(), ...Object.keys(findings).filter((l) => !names.has(l))]
  const max = Math.max(1, ...Object.values(findings).flatMap((checks) => Object.values(checks).map((t) => t.errors + t.warnings)))
  const span = CHART.width - CHART.countRoom
  // A bar of one finding is still visible when the largest has hundreds.
  const scale = (n: number) => (n ? Math.max(2, Math.round((n / max) * span)) : 0)
  let y = CHART.legend
  const groups: ChartGroup[] = locales.map((locale) => {
    const checks = Object.entries(findings[locale] ?? {}).sort(
      ([, a], [, b]) => Number(b.errors > 0) - Number(a.errors > 0) || b.errors + b.warnings - (a.errors + a.warnings),
    )
    const group: ChartGroup = { locale, name: names.get(locale) ?? locale, y, ...sum(checks.map(([, t]) => t)), bars: [] }
    y += CHART.heading
    for (const [check, tally] of checks) {
      group.bars.push({ check, label: checkLabel(check), y, ...tally, errorWidth: scale(tally.errors), warningWidth: scale(tally.warnings) })
      y += CHART.row
    }
    // A clean locale keeps one row for its "no findings" line.
    if (!checks.length) y += CHART.row
    y += CHART.gap
    return group
  })
  return { width: CHART.width, height: y, max, total: sum(groups), groups }
}
