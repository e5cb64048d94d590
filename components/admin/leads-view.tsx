// The sales inbox: server-side filters, search, sorting and paging with the true total, a lead
// detail reachable by a deep link (#lead=<uuid>, used by the sales mail), the attribution
// summary, and a CSV export of the whole filtered set. The browser holds one page at a time,
// so it stays fast with 100,000 leads (lead-query.ts). Filters, sort and page live in the query
// string (list-state.ts). Every value is rendered as React text.
import { Fragment, useCallback, useEffect, useRef, useState } from 'react'
import { useAuth } from '../../lib/auth/auth-context'
import { LOCALE_CODES } from '../../lib/i18n/locale-codes'
import { usePageData } from '../page-data'
import type { AdminData } from '../../lib/pages/admin'
import { LeadDetail } from './lead-detail'
import { fetchAll, fetchPage, leadIdFromHash, NO_FILTERS, PAGE_SIZE, SORTS, type LeadFilters, type LeadSort } from './lead-query'
import { formatDate, isStuck, KIND_LABELS, LEAD_STATUSES, STATUS_LABELS, type LeadRow } from './lead-row'
import { downloadCsv, leadsCsv } from './leads-csv'
import { LeadChartsBox } from './lead-charts-box'
import { LeadSummary } from './lead-summary'
import { ContactsView } from './contacts-view'
import { countText, DEFAULT_STATE, KINDS, stateFromSearch, stateToSearch, type ListState } from './list-state'
/** Typing in the text fields queries the database once the typing pauses. */
const DEBOUNCE_MS = 300
const number = (n: number) => n.toLocaleString('en-GB')

/** An address that wraps where typesetters wrap one: after "@" and before each ".". */
function breakableEmail(email: string) {
  return email.split(/(?<=@)|(?=\.)/).map((part, i) => (
    <Fragment key={i}>
      {i ? <wbr /> : null}
      {part}
    </Fragment>
  ))
}

export function LeadsView({ canErase }: { canErase: boolean }) {
  const { client, session } = useAuth()
  const { products, labels } = usePageData<AdminData>()
  // The view the address bar describes (a shared link, a reload) is the first one.
  const [initial] = useState(() => (typeof window === 'undefined' ? DEFAULT_STATE : stateFromSearch(window.location.search)))
  const [filters, setFilters] = useState<LeadFilters>(initial.filters)
  // What the database is asked; a new filter or sort starts again at page 0, in one update.
  const [query, setQuery] = useState<ListState>(initial)
  const { filters: applied, sort, page } = query
  const setApplied = useCallback((f: LeadFilters) => setQuery((q) => (JSON.stringify(q.filters) === JSON.stringify(f) ? q : { ...q, filters: f, page: 0 })), [])
  const setSort = (s: LeadSort) => setQuery((q) => ({ ...q, sort: s, page: 0 }))
  const setPage = (next: number | ((p: number) => number)) => setQuery((q) => ({ ...q, page: typeof next === 'function' ? next(q.page) : next }))
  // `filtered`: whether the filters that produced these rows were set (the text must describe
  // the rows shown, not the request under way).
  const [result, setResult] = useState<{ rows: LeadRow[]; total: number; filtered: boolean; page: number } | null>(null)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [exporting, setExporting] = useState<string | null>(null)
  const [reloads, setReloads] = useState(0)
  const [showSummary, setShowSummary] = useState(false)
  const opener = useRef<HTMLElement | null>(null)

  // Text fields settle before they query; selects and dates apply at once (same path, no wait).
  useEffect(() => {
    const id = setTimeout(() => setApplied(filters), DEBOUNCE_MS)
    return () => clearTimeout(id)
  }, [filters, setApplied])

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads and the access token are triggers (Reload or an erasure; a new session may see other rows); setPage only calls the stable setQuery
  useEffect(() => {
    if (!client) return
    let current = true
    setLoading(true)
    setError(null)
    fetchPage(client, applied, sort, page).then(
      (r) => {
        if (!current) return
        // The set shrank (erasure, new filter) below this page: show its last page instead.
        if (!r.rows.length && page > 0 && r.total > 0) setPage(Math.ceil(r.total / PAGE_SIZE) - 1)
        else setResult({ ...r, filtered: Object.values(applied).some(Boolean), page })
        setLoading(false)
      },
      (e: unknown) => {
        if (!current) return
        setError(`The leads could not be loaded: ${e instanceof Error ? e.message : String(e)}`)
        setLoading(false)
      },
    )
    return () => {
      current = false
    }
    // A new session (sign-in, refresh to aal2) may see rows the previous one could not.
  }, [client, applied, sort, page, reloads, session?.access_token])

  // Each new view is a new history entry, so back and forward walk the views. Editing a typed
  // text (search, country) that was already set replaces its entry instead of adding one per
  // typing pause; setting or clearing it is a new view.
  const shown = useRef(query)
  useEffect(() => {
    const before = shown.current
    shown.current = query
    const search = stateToSearch(query)
    if (search === window.location.search) return
    const texts = ['search', 'country'] as const
    const othersSame =
      stateToSearch({ ...query, filters: { ...query.filters, search: before.filters.search, country: before.filters.country } }) === stateToSearch(before)
    const refining = othersSame && texts.every((k) => before.filters[k] === query.filters[k] || (before.filters[k] && query.filters[k]))
    const url = window.location.pathname + search + window.location.hash
    if (refining) history.replaceState(null, '', url)
    else history.pushState(null, '', url)
  }, [query])

  // Back and forward: show the view of that entry (a hash change for a lead leaves it as it is).
  useEffect(() => {
    const restore = () => {
      const view = stateFromSearch(window.location.search)
      setFilters(view.filters)
      setQuery((q) => (stateToSearch(q) === stateToSearch(view) ? q : view))
    }
    window.addEventListener('popstate', restore)
    return () => window.removeEventListener('popstate', restore)
  }, [])

  // Deep link: /en/admin/#lead=<uuid> opens that lead, now and whenever the hash changes.
  useEffect(() => {
    const open = () => setSelected(leadIdFromHash(window.location.hash))
    open()
    window.addEventListener('hashchange', open)
    return () => window.removeEventListener('hashchange', open)
  }, [])

  const set = <K extends keyof LeadFilters>(key: K, value: LeadFilters[K], immediate = false) => {
    const next = { ...filters, [key]: value }
    setFilters(next)
    if (immediate) setApplied(next)
  }

  const onChanged = useCallback((id: string, row: LeadRow | null) => {
    setResult((r) => (r && row ? { ...r, rows: r.rows.map((x) => (x.id === id ? { ...x, ...row } : x)) } : r))
    if (!row) setReloads((n) => n + 1)
  }, [])

  function openLead(id: string, button: HTMLElement) {
    opener.current = button
    // Through the hash so the address bar holds the lead's link (copy it, or go back to close).
    window.location.hash = `lead=${id}`
  }

  function closeLead() {
    setSelected(null)
    if (leadIdFromHash(window.location.hash)) history.replaceState(null, '', window.location.pathname + window.location.search)
    opener.current?.focus()
  }

  async function exportCsv() {
    if (!client || exporting) return
    setExporting('Preparing the export…')
    try {
      const rows = await fetchAll(client, applied, sort, (done, total) => setExporting(`Exporting ${number(done)} of ${number(total)} leads…`))
      downloadCsv(await leadsCsv(rows, labels), `leads-${new Date().toISOString().slice(0, 10)}.csv`)
      setExporting(null)
    } catch (e) {
      setExporting(null)
      setError(`The export failed: ${e instanceof Error ? e.message : String(e)}`)
    }
  }

  const total = result?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const filtered = Object.values(applied).some(Boolean) || Object.values(filters).some(Boolean)
  const shownPage = result?.page ?? 0

  return (
    <>
      {/* On demand: the summary scans the period, and the list should not wait behind it. */}
      <details className="admin-summary-box" onToggle={(e) => setShowSummary(e.currentTarget.open)}>
        <summary>Where leads come from: per language, landing page and source</summary>
        {showSummary && client ? <LeadSummary client={client} refreshKey={reloads} /> : null}
      </details>
      <LeadChartsBox client={client} refreshKey={reloads} />
      {client ? <ContactsView client={client} /> : null}
      <section className="admin-leads" aria-labelledby="admin-leads-heading">
        <h2 id="admin-leads-heading">Incoming leads</h2>
        <form
          className="admin-toolbar admin-filters"
          onSubmit={(e) => {
            e.preventDefault()
            setApplied(filters)
          }}
          aria-label="Filter leads"
        >
          <div className="field">
            <label htmlFor="admin-search">Search</label>
            <input
              id="admin-search"
              type="search"
              value={filters.search}
              onChange={(e) => set('search', e.target.value)}
              placeholder="Name, email, company, message…"
            />
          </div>
          <div className="field">
            <label htmlFor="admin-status">Status</label>
            <select id="admin-status" value={filters.status} onChange={(e) => set('status', e.target.value as LeadFilters['status'], true)}>
              <option value="">All statuses</option>
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="admin-kind">Kind</label>
            <select id="admin-kind" value={filters.kind} onChange={(e) => set('kind', e.target.value, true)}>
              <option value="">All kinds</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="admin-locale">Language</label>
            <select id="admin-locale" value={filters.locale} onChange={(e) => set('locale', e.target.value, true)}>
              <option value="">All languages</option>
              {LOCALE_CODES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="admin-country">Country</label>
            <input id="admin-country" type="text" value={filters.country} onChange={(e) => set('country', e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="admin-product">Product</label>
            <select id="admin-product" value={filters.product} onChange={(e) => set('product', e.target.value, true)}>
              <option value="">All products</option>
              {products.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="admin-from">Received from</label>
            <input id="admin-from" type="date" value={filters.from} onChange={(e) => set('from', e.target.value, true)} />
          </div>
          <div className="field">
            <label htmlFor="admin-to">Received to</label>
            <input id="admin-to" type="date" value={filters.to} onChange={(e) => set('to', e.target.value, true)} />
          </div>
          <div className="field">
            <label htmlFor="admin-sort">Sort</label>
            <select id="admin-sort" value={sort} onChange={(e) => setSort(e.target.value as LeadSort)}>
              {Object.entries(SORTS).map(([k, s]) => (
                <option key={k} value={k}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <p className="actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setFilters(NO_FILTERS)
                setApplied(NO_FILTERS)
              }}
              disabled={!filtered}
            >
              Clear filters
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setReloads((n) => n + 1)}>
              Reload
            </button>
            <button type="button" className="btn btn-primary" onClick={exportCsv} aria-disabled={Boolean(exporting) || !total || undefined} disabled={!result}>
              Export CSV
            </button>
          </p>
        </form>

        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <p role="status" className="admin-count" aria-busy={loading || undefined}>
          {exporting ?? (result === null ? (error ? '' : 'Loading leads…') : countText(total, shownPage, pages, result.filtered))}
        </p>

        {result?.rows.length ? (
          <div className="table-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Name</th>
                  <th scope="col">Company</th>
                  <th scope="col">Email</th>
                  <th scope="col">Country</th>
                  <th scope="col">Language</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row) => (
                  <tr key={row.id} data-lead-id={row.id}>
                    <td className="admin-when">{formatDate(row.created_at)}</td>
                    <td>{KIND_LABELS[row.kind] ?? row.kind}</td>
                    <td className="admin-text">{row.name}</td>
                    <td className="admin-text">{row.company ?? ''}</td>
                    <td className="admin-text" dir="ltr">
                      {breakableEmail(row.email)}
                    </td>
                    <td className="admin-text">{row.country ?? ''}</td>
                    <td>{row.locale}</td>
                    <td data-field="status">
                      {STATUS_LABELS[row.status] ?? row.status}
                      {row.notification_status === 'failed' ? <span className="admin-badge">notification failed</span> : null}
                      {row.notification_status === 'uncertain' ? <span className="admin-badge">delivery uncertain</span> : null}
                      {row.notification_status === 'needs_attention' ? <span className="admin-badge">notification needs attention</span> : null}
                      {isStuck(row) ? <span className="admin-badge">notification stuck</span> : null}
                    </td>
                    <td>
                      <button type="button" className="btn-link" onClick={(e) => openLead(row.id, e.currentTarget)}>
                        View<span className="visually-hidden"> the lead from {row.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}

        {total > PAGE_SIZE ? (
          <nav className="admin-pager" aria-label="Pages of leads">
            <button type="button" className="btn btn-secondary" onClick={() => setPage(0)} disabled={page === 0 || loading}>
              First
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0 || loading}>
              Previous
            </button>
            <span>
              Page {number(shownPage + 1)} of {number(pages)}
            </span>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}
              disabled={page >= pages - 1 || loading}
            >
              Next
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setPage(pages - 1)} disabled={page >= pages - 1 || loading}>
              Last
            </button>
          </nav>
        ) : null}

        {selected && client ? <LeadDetail key={selected} id={selected} client={client} canErase={canErase} onClose={closeLead} onChanged={onChanged} /> : null}
      </section>
    </>
  )
}
