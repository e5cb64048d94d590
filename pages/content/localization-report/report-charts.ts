// The localization report's charts, drawn by Observable Plot at build time as static SVG (the
// page ships no JavaScript). Each chart's figures are also in a table on the page: the status
// table for the current release, the history table for the releases before it.
import * as Plot from '@observablehq/plot'
import type { ReleaseEntry } from '../../../lib/audit/history'
import { staticSvg } from '../../../lib/charts/static-svg'
import { tallyText } from './report-rows'

/** Errors dark red, warnings light amber with a dark outline: the two differ in lightness, not hue alone. */
export const COLOURS = { errors: '#b3261e', warnings: '#f0c05a', outline: '#7a5a00', complete: '#1d5c57', reviewed: '#8cc2bd' } as const

export type LocaleFigure = { locale: string; label: string; complete: number; reviewed: number | null; errors: number; warnings: number }

const WIDTH = 640
const severities = { domain: ['Errors', 'Warnings'], range: [COLOURS.errors, COLOURS.warnings] }

/** Complete and reviewed per locale, in percent: two bars per language. */
export function completenessSvg(figures: LocaleFigure[]): string {
  const data = figures.flatMap((f) => [
    { label: f.label, measure: 'Complete', value: f.complete },
    ...(f.reviewed === null ? [] : [{ label: f.label, measure: 'Reviewed', value: f.reviewed }]),
  ])
  return staticSvg(
    {
      width: WIDTH,
      height: 40 + figures.length * 44,
      marginLeft: 150,
      marginRight: 24,
      x: { domain: [0, 100], label: 'Share of the texts each language needs (%)', grid: true },
      y: { label: null, axis: null },
      fy: { label: null, domain: figures.map((f) => f.label), axis: 'left' },
      color: { domain: ['Complete', 'Reviewed'], range: [COLOURS.complete, COLOURS.reviewed] },
      marks: [
        Plot.barX(data, { x: 'value', y: 'measure', fy: 'label', fill: 'measure' }),
        // The figure inside a long bar (light on dark), after a short one.
        Plot.text(
          data.filter((d) => d.value >= 50),
          {
            x: 'value',
            y: 'measure',
            fy: 'label',
            text: (d) => `${d.measure} ${d.value}%`,
            textAnchor: 'end',
            dx: -6,
            fill: (d) => (d.measure === 'Complete' ? 'white' : 'black'),
          },
        ),
        Plot.text(
          data.filter((d) => d.value < 50),
          { x: 'value', y: 'measure', fy: 'label', text: (d) => `${d.measure} ${d.value}%`, textAnchor: 'start', dx: 6 },
        ),
        Plot.ruleX([0]),
      ],
    },
    'Bar chart: the share of the texts complete and reviewed per language. The table above lists every figure.',
  )
}

/** Errors and warnings per locale, stacked. */
export function findingsSvg(figures: LocaleFigure[]): string {
  const data = figures
    .flatMap((f) => [
      { label: f.label, severity: 'Errors', count: f.errors },
      { label: f.label, severity: 'Warnings', count: f.warnings },
    ])
    .filter((d) => d.count > 0)
  const totals = figures.map((f) => ({ label: f.label, total: f.errors + f.warnings, text: tallyText(f) }))
  return staticSvg(
    {
      width: WIDTH,
      height: 50 + figures.length * 28,
      marginLeft: 150,
      marginRight: 160,
      x: { label: 'Findings', grid: true },
      y: { label: null, domain: figures.map((f) => f.label) },
      color: severities,
      marks: [
        Plot.barX(data, { x: 'count', y: 'label', fill: 'severity', stroke: (d) => (d.severity === 'Warnings' ? COLOURS.outline : 'none') }),
        Plot.text(totals, { x: 'total', y: 'label', text: 'text', textAnchor: 'start', dx: 6 }),
        Plot.ruleX([0]),
      ],
    },
    'Bar chart: errors and warnings per language. The table above lists every figure.',
  )
}

/** Complete per locale over the last releases: a grid of cells, one row per language, one column per release, each with its figure. */
export function completeHistorySvg(releases: ReleaseEntry[], labels: ReadonlyMap<string, string>): string {
  const data = releases.flatMap((r) =>
    Object.entries(r.locales).map(([locale, f]) => ({ release: r.release, label: labels.get(locale) ?? locale, complete: f.complete })),
  )
  const low = Math.min(90, ...data.map((d) => d.complete))
  return staticSvg(
    {
      width: WIDTH,
      height: 60 + labels.size * 30,
      marginLeft: 150,
      marginBottom: 70,
      x: { label: null, domain: releases.map((r) => r.release), tickRotate: -30 },
      y: { label: null, domain: [...labels.values()] },
      // Light (behind) to the site's dark green (done); the figure is written in every cell.
      color: { type: 'linear', domain: [low, 100], range: ['#f3e6c4', COLOURS.complete] },
      marks: [
        Plot.cell(data, { x: 'release', y: 'label', fill: 'complete', inset: 1 }),
        Plot.text(data, { x: 'release', y: 'label', text: (d) => `${d.complete}%`, fill: (d) => (d.complete > low + (100 - low) / 2 ? 'white' : 'black') }),
      ],
    },
    'Grid: the share of texts complete per language at each of the last releases. The history table lists every figure.',
  )
}

/** Errors and warnings of all languages together, per release. */
export function findingsHistorySvg(releases: ReleaseEntry[]): string {
  const data = releases.flatMap((r) => {
    const all = Object.values(r.locales)
    return [
      { release: r.release, severity: 'Errors', count: all.reduce((n, f) => n + f.errors, 0) },
      { release: r.release, severity: 'Warnings', count: all.reduce((n, f) => n + f.warnings, 0) },
    ].filter((d) => d.count > 0)
  })
  const totals = releases.map((r) => {
    const all = Object.values(r.locales)
    const errors = all.reduce((n, f) => n + f.errors, 0)
    const warnings = all.reduce((n, f) => n + f.warnings, 0)
    return { release: r.release, total: errors + warnings, text: `${errors} E, ${warnings} W` }
  })
  return staticSvg(
    {
      width: WIDTH,
      height: 300,
      marginTop: 30,
      marginBottom: 70,
      x: { label: null, domain: releases.map((r) => r.release), tickRotate: -30 },
      y: { label: 'Findings, all languages', grid: true },
      color: severities,
      marks: [
        Plot.barY(data, { x: 'release', y: 'count', fill: 'severity', stroke: (d) => (d.severity === 'Warnings' ? COLOURS.outline : 'none') }),
        // Errors (E) and warnings (W) written above each bar: the two are told apart by words, not colour alone.
        Plot.text(totals, { x: 'release', y: 'total', text: 'text', dy: -8 }),
        Plot.ruleY([0]),
      ],
    },
    'Bar chart: errors and warnings of all languages per release. The history table lists every figure.',
  )
}
