// Contacts: one row per buyer (all submissions with the same trimmed, lower-cased email), latest
// seen first, each expanding to its submissions. Status and notes stay per submission: a
// submission opens in the inbox's detail dialog. Opened on demand, like the summary, so the
// list of leads never waits behind it. Every value is React text.
import { Fragment, useEffect, useState } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ContactRow } from '../../lib/leads/contact-row'
import { CONTACTS_PAGE_SIZE, fetchContacts, fetchSubmissions, type Submission } from './contact-query'
import { formatDate } from './lead-row'
import { SubmissionList } from './submission-list'

const number = (n: number) => n.toLocaleString('en-GB')

export function ContactsView({ client }: { client: SupabaseClient }) {
  const [open, setOpen] = useState(false)
  return (
    <details className="admin-summary-box admin-contacts-box" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Contacts: each buyer with all their submissions</summary>
      {open ? <ContactsList client={client} /> : null}
    </details>
  )
}

type Page = { rows: ContactRow[]; total: number; sharedPhones: Map<string, number>; page: number }

function ContactsList({ client }: { client: SupabaseClient }) {
  const [page, setPage] = useState(0)
  const [repeatOnly, setRepeatOnly] = useState(false)
  const [reloads, setReloads] = useState(0)
  const [result, setResult] = useState<Page | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads is the Reload button's trigger
  useEffect(() => {
    let current = true
    setLoading(true)
    setError(null)
    fetchContacts(client, page, repeatOnly).then(
      (r) => {
        if (!current) return
        setResult({ ...r, page })
        setLoading(false)
      },
      (e: unknown) => {
        if (!current) return
        setError(`The contacts could not be loaded: ${e instanceof Error ? e.message : String(e)}`)
        setLoading(false)
      },
    )
    return () => {
      current = false
    }
  }, [client, page, repeatOnly, reloads])

  const pages = Math.max(1, Math.ceil((result?.total ?? 0) / CONTACTS_PAGE_SIZE))
  const count = result
    ? `${number(result.total)} ${result.total === 1 ? 'contact' : 'contacts'}${repeatOnly ? ' with two or more submissions' : ''}${pages > 1 ? `, page ${number(result.page + 1)} of ${number(pages)}` : ''}`
    : error
      ? ''
      : 'Loading contacts…'

  return (
    <section className="admin-contacts" aria-labelledby="admin-contacts-heading">
      <h2 id="admin-contacts-heading" className="visually-hidden">
        Contacts
      </h2>
      <p className="admin-hint">
        Submissions with the same email address (any capitals, spaces around it) belong to one contact. A phone number never joins two contacts: when two
        contacts share one, both say so.
      </p>
      <div className="admin-toolbar">
        <label className="admin-check">
          <input
            type="checkbox"
            checked={repeatOnly}
            onChange={(e) => {
              setRepeatOnly(e.target.checked)
              setPage(0)
            }}
          />{' '}
          Only buyers with two or more submissions
        </label>
        <p className="actions">
          <button type="button" className="btn btn-secondary" onClick={() => setReloads((n) => n + 1)}>
            Reload contacts
          </button>
        </p>
      </div>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <p role="status" className="admin-count" aria-busy={loading || undefined}>
        {count}
      </p>
      {result?.rows.length ? (
        <div className="table-scroll">
          <table className="admin-table admin-contacts-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Company</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Submissions</th>
                <th scope="col">Last seen</th>
                <th scope="col">
                  <span className="visually-hidden">Submissions list</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((c) => (
                <ContactRowView key={c.id} client={client} contact={c} sharedPhone={(result.sharedPhones.get(c.phone_e164 ?? '') ?? 0) > 1} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav className="admin-pager" aria-label="Pages of contacts">
          <button type="button" className="btn btn-secondary" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0 || loading}>
            Previous contacts
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}
            disabled={page >= pages - 1 || loading}
          >
            Next contacts
          </button>
        </nav>
      ) : null}
    </section>
  )
}

function ContactRowView({ client, contact: c, sharedPhone }: { client: SupabaseClient; contact: ContactRow; sharedPhone: boolean }) {
  const [expanded, setExpanded] = useState(false)
  const [submissions, setSubmissions] = useState<Submission[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const listId = `admin-contact-${c.id}`

  function toggle() {
    const next = !expanded
    setExpanded(next)
    if (next) {
      setError(null)
      fetchSubmissions(client, c.id).then(setSubmissions, (e: unknown) =>
        setError(`The submissions could not be loaded: ${e instanceof Error ? e.message : String(e)}`),
      )
    }
  }

  return (
    <Fragment>
      <tr data-contact-id={c.id}>
        <td className="admin-text">{c.name}</td>
        <td className="admin-text">{c.company ?? ''}</td>
        <td className="admin-text" dir="ltr">
          {c.email}
        </td>
        <td>
          {c.phone_e164 ? <span dir="ltr">{c.phone_e164}</span> : ''}
          {sharedPhone ? <span className="admin-note">also on another contact</span> : null}
        </td>
        <td data-field="submissions">{number(c.submissions)}</td>
        <td className="admin-when">{formatDate(c.last_seen_at)}</td>
        <td>
          <button type="button" className="btn-link" aria-expanded={expanded} aria-controls={listId} onClick={toggle}>
            {expanded ? 'Hide' : 'Show'}
            <span className="visually-hidden"> the submissions of {c.name}</span>
          </button>
        </td>
      </tr>
      {expanded ? (
        <tr id={listId} className="admin-contact-submissions">
          <td colSpan={7}>
            {error ? (
              <p role="alert" className="field-error">
                {error}
              </p>
            ) : submissions ? (
              <SubmissionList submissions={submissions} />
            ) : (
              <p role="status">Loading the submissions…</p>
            )}
          </td>
        </tr>
      ) : null}
    </Fragment>
  )
}
