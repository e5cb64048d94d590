// The findings per locale and check as a static SVG bar chart, rendered at build time with plain
// React elements: a handful of rects and texts needs no charting library, and the page stays
// HTML-only (no script). Colours are presentation attributes, not style attributes, so the
// site's Content-Security-Policy (style-src 'self') allows them. The chart is role="img" with a
// title and a description; the table beside it (FindingsTable) holds every figure for screen
// readers and for copying.
import { CHART, type FindingsChart as Chart } from '../../../lib/audit/chart-layout'

/** Errors dark red (6.5:1 on white); warnings light amber (3.9:1 against the red beside it) with
 *  a dark outline (6.4:1 on white): the two segments differ in lightness, not hue alone. */
export const COLOURS = { errors: '#b3261e', warnings: '#f0c05a', outline: '#7a5a00', text: '#14201f', muted: '#3e4c4b' } as const

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
export const tallyText = (t: { errors: number; warnings: number }) => `${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')}`

/** The chart in one paragraph, for its <desc>: each locale's totals and its largest check. */
export function chartDescription(chart: Chart): string {
  const parts = chart.groups.map((g) => {
    const top = g.bars[0]
    return `${g.name} (${g.locale}): ${tallyText(g)}${top ? `, most for "${top.label}" (${top.errors + top.warnings})` : ''}`
  })
  return `Bar chart of the audit's findings per language and check, ${tallyText(chart.total)} in all. ${parts.join('; ')}. The table beside it lists every figure.`
}

export function FindingsChart({ chart, id }: { chart: Chart; id: string }) {
  const span = chart.width - CHART.countRoom
  return (
    <svg
      className="findings-chart"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      width={chart.width}
      height={chart.height}
      fontFamily="inherit"
      fontSize="13"
      fill={COLOURS.text}
    >
      <title id={`${id}-title`}>Findings per language and check</title>
      <desc id={`${id}-desc`}>{chartDescription(chart)}</desc>
      <g>
        <rect x="0" y="6" width="12" height="12" fill={COLOURS.errors} />
        <text x="18" y="16">
          Errors (must be fixed)
        </text>
        <rect x="200.5" y="6.5" width="11" height="11" fill={COLOURS.warnings} stroke={COLOURS.outline} />
        <text x="218" y="16">
          Warnings (worth a look)
        </text>
      </g>
      {chart.groups.map((group) => (
        <g key={group.locale} data-locale={group.locale}>
          <text x="0" y={group.y + 18} fontSize="15" fontWeight="bold">
            {/* U+2068/U+2069 isolate the name, so an Arabic name keeps the English line in order */}
            <tspan lang={group.locale}>{`\u2068${group.name}\u2069`}</tspan>
            {` (${group.locale}): ${tallyText(group)}`}
          </text>
          {group.bars.length ? (
            group.bars.map((bar) => (
              <g key={bar.check} data-check={bar.check}>
                <text x="0" y={bar.y + 13}>
                  {bar.label}
                </text>
                {bar.errorWidth > 0 && <rect x="0" y={bar.y + CHART.barTop} width={bar.errorWidth} height={CHART.barHeight} fill={COLOURS.errors} />}
                {bar.warningWidth > 0 && (
                  <rect
                    x={bar.errorWidth + 0.5}
                    y={bar.y + CHART.barTop + 0.5}
                    width={bar.warningWidth - 1}
                    height={CHART.barHeight - 1}
                    fill={COLOURS.warnings}
                    stroke={COLOURS.outline}
                  />
                )}
                <text x={Math.min(bar.errorWidth + bar.warningWidth, span) + 6} y={bar.y + CHART.barTop + CHART.barHeight - 1} fill={COLOURS.muted}>
                  {bar.errors + bar.warnings}
                </text>
              </g>
            ))
          ) : (
            <text x="0" y={group.y + CHART.heading + 13} fill={COLOURS.muted}>
              No findings
            </text>
          )}
        </g>
      ))}
    </svg>
  )
}
