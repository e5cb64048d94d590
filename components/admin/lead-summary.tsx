// Attribution over a period: leads per language, landing page (country pages included) and
// source, from public.lead_summary() (security invoker, so RLS decides what is counted). This is
// what tells marketing which translations and pages bring buyers.
import { useEffect, useState, type FormEvent } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import { dayEnd, dayStart } from './lead-query'

type SummaryRow = { dimension: 'total' | 'locale' | 'landing_page' | 'source'; value: string | null; leads: number }

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', tr: 'Turkish', de: 'German', fr: 'French', es: 'Spanish', it: 'Italian', ar: 'Arabic' }
const TOP = 10
const isoDay = (d: Date) => d.toISOString().slice(0, 10)
const number = (n: number) => n.toLocaleString('en-GB')

export function LeadSummary({ client, refreshKey }: { client: SupabaseClient; refreshKey: number }) {
  const today = new Date()
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 29 * 86_400_000)))
  const [to, setTo] = useState(isoDay(today))
  const [period, setPeriod] = useState({ from, to })
  const [rows, setRows] = useState<SummaryRow[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is a trigger: the inbox bumps it (Reload, an erasure) to fetch the summary again
  useEffect(() => {
    let current = true
    setError(null)
    client
      .rpc('lead_summary', { p_from: period.from ? dayStart(period.from) : null, p_to: period.to ? dayEnd(period.to) : null })
      .then(({ data, error: e }) => {
        if (!current) return
        if (e) setError(`The summary could not be loaded: ${e.message}`)
        else setRows(data as SummaryRow[])
      })
    return () => {
      current = false
    }
  }, [client, period, refreshKey])

  function apply(event: FormEvent) {
    event.preventDefault()
    setPeriod({ from, to })
  }

  const total = rows?.find((r) => r.dimension === 'total')?.leads ?? 0
  const part = (d: SummaryRow['dimension']) => (rows ?? []).filter((r) => r.dimension === d).slice(0, TOP)

  return (
    <div className="admin-summary">
      <form className="admin-toolbar" onSubmit={apply} aria-label="Summary period">
        <div className="field">
          <label htmlFor="admin-summary-from">From</label>
          <input id="admin-summary-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="admin-summary-to">To</label>
          <input id="admin-summary-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <p className="actions">
          <button type="submit" className="btn btn-secondary">
            Show period
          </button>
        </p>
      </form>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <p className="admin-count" role="status">
        {rows === null ? (error ? '' : 'Loading the summary…') : `${number(total)} leads from ${period.from || 'the start'} to ${period.to || 'today'}`}
      </p>
      {rows && total ? (
        <div className="admin-summary-tables">
          <SummaryTable caption="Per language" head="Language" rows={part('locale')} label={(v) => LANGUAGE_NAMES[v] ?? v} total={total} />
          <SummaryTable caption="Per landing page" head="Page" rows={part('landing_page')} label={(v) => v} total={total} ltr />
          <SummaryTable
            caption="Per source"
            head="Source"
            rows={part('source')}
            label={(v) => (v === '(direct)' ? 'Direct or unknown' : v)}
            total={total}
            ltr
          />
        </div>
      ) : null}
    </div>
  )
}

function SummaryTable({
  caption,
  head,
  rows,
  label,
  total,
  ltr,
}: {
  caption: string
  head: string
  rows: SummaryRow[]
  label: (v: string) => string
  total: number
  ltr?: boolean
}) {
  return (
    <table className="admin-table admin-summary-table" data-dimension={rows[0]?.dimension}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">Leads</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.value ?? ''}>
            <td dir={ltr ? 'ltr' : undefined}>{label(r.value ?? '')}</td>
            <td>{number(r.leads)}</td>
            <td>{Math.round((100 * r.leads) / total)} %</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
