// The inbox's charts: leads per week by language, by source and by product, and the share
// answered, drawn by Observable Plot (lib/charts/plot-chart.ts, as on the localization report).
// Counted by public.lead_weekly() in the database under RLS (the browser holds one page of
// leads, never the months a chart covers). Loaded on demand (lead-charts-box.tsx), so Plot is
// fetched only when someone opens the charts. Each chart has its table of figures beside it.
import * as Plot from '@observablehq/plot'
import type { SupabaseClient } from '@supabase/supabase-js'
import { useEffect, useRef, useState } from 'react'
import type { AdminData } from '../../lib/pages/admin'
import { plotChart } from '../../lib/charts/plot-chart'
import { usePageData } from '../page-data'
import { type AnsweredWeek, answeredWeeks, lastWeeks, type WeeklyRow, type WeeklySeries, weeklySeries } from './lead-weekly'

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', tr: 'Turkish', de: 'German', fr: 'French', es: 'Spanish', it: 'Italian', ar: 'Arabic' }
/** Distinct in lightness as well as hue (Plot's "observable10" order); "Other" is grey. */
const PALETTE = ['#4269d0', '#efb118', '#ff725c', '#6cc5b0', '#3ca951', '#ff8ab7', '#a463f2', '#97bbf5']
const OTHER_GREY = '#9498a0'
const WIDTH = 460
const PERIODS = [8, 12, 26, 52]
const number = (n: number) => n.toLocaleString('en-GB')
const weekLabel = (week: string) => new Date(`${week}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })

const colours = (names: string[]) => names.map((n, i) => (n === 'Other' ? OTHER_GREY : PALETTE[i % PALETTE.length]!))

/** Draws `make()`'s chart into a div after each render (a few hundred SVG nodes: cheaper than comparing the figures). */
function PlotBox({ make }: { make: () => Element }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    box.current?.replaceChildren(make())
  })
  return <div className="admin-chart-plot" ref={box} />
}

function Legend({ names }: { names: string[] }) {
  const fill = colours(names)
  return (
    <ul className="admin-chart-legend" aria-hidden="true">
      {names.map((name, i) => (
        <li key={name}>
          <svg width="12" height="12" aria-hidden="true">
            <rect width="12" height="12" fill={fill[i]} />
          </svg>
          {name}
        </li>
      ))}
    </ul>
  )
}

function StackedChart({ id, title, series, weeks }: { id: string; title: string; series: WeeklySeries; weeks: string[] }) {
  const table = `${id}-table`
  return (
    <figure className="admin-chart" data-chart={id}>
      <figcaption>{title}</figcaption>
      <Legend names={series.names} />
      <PlotBox
        make={() =>
          plotChart(
            {
              width: WIDTH,
              height: 220,
              marginLeft: 40,
              x: { domain: weeks, tickFormat: weekLabel, label: null, tickRotate: -40 },
              y: { label: 'Leads', grid: true },
              color: { domain: series.names, range: colours(series.names) },
              marks: [Plot.barY(series.points, { x: 'week', y: 'leads', fill: 'name', order: series.names }), Plot.ruleY([0])],
            },
            `${title}: stacked bars per week. The table below lists every figure.`,
          )
        }
      />
      <details>
        <summary>Table of the figures</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
        <section className="admin-chart-table" aria-labelledby={table} tabIndex={0}>
          <table className="admin-table">
            <caption id={table}>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                {series.names.map((n) => (
                  <th scope="col" key={n} dir="auto">
                    {n}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week}>
                  <th scope="row">{weekLabel(week)}</th>
                  {series.names.map((n) => (
                    <td key={n}>{number(series.points.find((p) => p.week === week && p.name === n)?.leads ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  )
}

function AnsweredChart({ weeks, answered }: { weeks: string[]; answered: AnsweredWeek[] }) {
  const title = 'Share of each week’s leads answered'
  const shown = answered.filter((a) => a.share !== null)
  return (
    <figure className="admin-chart" data-chart="answered">
      <figcaption>{title}</figcaption>
      <PlotBox
        make={() =>
          plotChart(
            {
              width: WIDTH,
              height: 220,
              marginLeft: 40,
              marginTop: 24,
              x: { domain: weeks, tickFormat: weekLabel, label: null, tickRotate: -40 },
              y: { domain: [0, 100], label: 'Answered (%)', grid: true },
              marks: [
                Plot.barY(shown, { x: 'week', y: 'share', fill: '#1d5c57' }),
                Plot.text(shown, { x: 'week', y: 'share', text: (d: AnsweredWeek) => `${d.share}%`, dy: -7 }),
                Plot.ruleY([0]),
              ],
            },
            `${title}: bars per week. The table below lists every figure.`,
          )
        }
      />
      <details>
        <summary>Table of the figures</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
        <section className="admin-chart-table" aria-labelledby="answered-table" tabIndex={0}>
          <table className="admin-table">
            <caption id="answered-table">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col">Leads</th>
                <th scope="col">Answered</th>
                <th scope="col">Share</th>
              </tr>
            </thead>
            <tbody>
              {answered.map((a) => (
                <tr key={a.week}>
                  <th scope="row">{weekLabel(a.week)}</th>
                  <td>{number(a.leads)}</td>
                  <td>{number(a.answered)}</td>
                  <td>{a.share === null ? '–' : `${a.share} %`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  )
}

export default function LeadCharts({ client, refreshKey }: { client: SupabaseClient; refreshKey: number }) {
  const { labels } = usePageData<AdminData>()
  const [count, setCount] = useState(12)
  const [rows, setRows] = useState<WeeklyRow[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const weeks = lastWeeks(new Date(), count)

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is a trigger: the inbox bumps it (Reload, an erasure) to count again
  useEffect(() => {
    let current = true
    setError(null)
    client.rpc('lead_weekly', { p_from: `${weeks[0]}T00:00:00.000Z`, p_to: null }).then(({ data, error: e }) => {
      if (!current) return
      if (e) setError(`The charts could not be loaded: ${e.message}`)
      else setRows(data as WeeklyRow[])
    })
    return () => {
      current = false
    }
  }, [client, count, refreshKey])

  const total = (rows ?? []).filter((r) => r.dimension === 'total').reduce((n, r) => n + r.leads, 0)
  return (
    <div className="admin-charts">
      <div className="field admin-charts-period">
        <label htmlFor="admin-charts-weeks">Period</label>
        <select id="admin-charts-weeks" value={count} onChange={(e) => setCount(Number(e.target.value))}>
          {PERIODS.map((n) => (
            <option key={n} value={n}>
              Last {n} weeks
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <p className="admin-count" role="status">
        {rows === null ? (error ? '' : 'Loading the charts…') : `${number(total)} leads in the last ${count} weeks (weeks start on Monday, UTC)`}
      </p>
      {rows ? (
        <div className="admin-chart-grid">
          <StackedChart
            id="by-language"
            title="Leads per week by language"
            weeks={weeks}
            series={weeklySeries(rows, 'locale', weeks, 7, (v) => LANGUAGE_NAMES[v] ?? v)}
          />
          <StackedChart
            id="by-source"
            title="Leads per week by source"
            weeks={weeks}
            series={weeklySeries(rows, 'source', weeks, 5, (v) => (v === '(direct)' ? 'Direct or unknown' : v))}
          />
          <StackedChart
            id="by-product"
            title="Leads per week by product"
            weeks={weeks}
            series={weeklySeries(rows, 'product', weeks, 6, (v) => labels.products[v] ?? v)}
          />
          <AnsweredChart weeks={weeks} answered={answeredWeeks(rows, weeks)} />
        </div>
      ) : null}
    </div>
  )
}
