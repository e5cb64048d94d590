// The leads, newest first: filter by kind, search, a detail view, CSV export of what is shown.
// Every value is rendered as React text (escaped); a lead's content never becomes HTML.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useAuth } from '../../lib/auth/auth-context'
import { LeadDetail } from './lead-detail'
import { cellText, formatDate, LEAD_COLUMNS, type LeadRow } from './lead-row'
import { downloadCsv, leadsCsv } from './leads-csv'

const KINDS = ['contact', 'quote', 'samples'] as const
/** More than a small sales team reads in a year; raise it (or page) if that ever changes. */
const MAX_ROWS = 5000

export function LeadsView() {
  const { client, session } = useAuth()
  const [rows, setRows] = useState<LeadRow[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [kind, setKind] = useState('')
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState<LeadRow | null>(null)
  const [exporting, setExporting] = useState(false)
  const opener = useRef<HTMLButtonElement | null>(null)

  const load = useCallback(async () => {
    if (!client) return
    setError(null)
    const { data, error: loadError } = await client.from('leads').select('*').order('created_at', { ascending: false }).limit(MAX_ROWS)
    if (loadError) setError(`The leads could not be loaded: ${loadError.message}`)
    else setRows(data as LeadRow[])
  }, [client])

  useEffect(() => {
    void load()
    // A new session (sign-in, refresh to aal2) may see rows the previous one could not.
  }, [load, session?.access_token])

  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase()
    return (rows ?? []).filter(
      (row) => (!kind || row.kind === kind) && (!q || LEAD_COLUMNS.some((c) => cellText(row, c).toLocaleLowerCase().includes(q))),
    )
  }, [rows, kind, query])

  async function exportCsv() {
    if (exporting) return
    setExporting(true)
    try {
      downloadCsv(await leadsCsv(shown), `leads-${new Date().toISOString().slice(0, 10)}.csv`)
    } finally {
      setExporting(false)
    }
  }

  return (
    <section className="admin-leads" aria-labelledby="admin-leads-heading">
      <h2 id="admin-leads-heading">Incoming leads</h2>
      <div className="admin-toolbar">
        <div className="field">
          <label htmlFor="admin-kind">Kind</label>
          <select id="admin-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">All kinds</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>{k}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="admin-search">Search</label>
          <input id="admin-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <p className="actions">
          <button type="button" className="btn btn-secondary" onClick={() => void load()}>Reload</button>
          <button type="button" className="btn btn-primary" onClick={exportCsv} aria-disabled={exporting || !shown.length || undefined} disabled={!rows}>
            Export CSV
          </button>
        </p>
      </div>

      {error ? <p role="alert" className="field-error">{error}</p> : null}
      <p role="status" className="admin-count">
        {rows === null ? (error ? '' : 'Loading leads…') : `${shown.length} of ${rows.length} leads shown`}
      </p>

      {rows && shown.length ? (
        <div className="table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Kind</th>
                <th scope="col">Name</th>
                <th scope="col">Company</th>
                <th scope="col">Email</th>
                <th scope="col">Language</th>
                <th scope="col"><span className="visually-hidden">Details</span></th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.id} data-lead-id={row.id}>
                  <td>{formatDate(row.created_at)}</td>
                  <td>{row.kind}</td>
                  <td>{row.name}</td>
                  <td>{row.company ?? ''}</td>
                  <td dir="ltr">{row.email}</td>
                  <td>{row.locale}</td>
                  <td>
                    <button
                      type="button"
                      className="btn-link"
                      onClick={(e) => {
                        opener.current = e.currentTarget
                        setSelected(row)
                      }}
                    >
                      View<span className="visually-hidden"> the lead from {row.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {selected ? (
        <LeadDetail
          row={selected}
          onClose={() => {
            setSelected(null)
            opener.current?.focus()
          }}
        />
      ) : null}
    </section>
  )
}
