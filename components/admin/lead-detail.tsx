// One lead with all its fields, in a modal <dialog> (focus stays inside; Escape closes it):
// where sales changes the status, writes internal notes and, on a buyer's request, erases the
// lead (GDPR) after a confirmation. The database allows status and notes only, to admins, and
// erasure only at aal2 (supabase/migrations/20261123000200_lead_inbox.sql); this view says so
// rather than letting a refused change look saved. Every value is React text, never HTML.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { AdminData } from '../../lib/pages/admin'
import { usePageData } from '../page-data'
import {
  ACK_SKIPPED_LABELS,
  COLUMN_LABELS,
  detailText,
  formatDate,
  KIND_LABELS,
  LEAD_COLUMNS,
  LEAD_STATUSES,
  NOTES_MAX,
  STATUS_LABELS,
  isStuck,
  type LeadRow,
  type LeadStatus,
} from './lead-row'
import { CONSENT_FIELDS, LeadConsent } from './lead-consent'
import { fetchLead } from './lead-query'
import { ContactSubmissions } from './contact-submissions'
import { LeadDeliveries } from './lead-deliveries'
import { LeadTouches, TOUCH_FIELDS } from './lead-touches'

const DATES = new Set(['created_at', 'consent_at', 'notified_at'])
// Shown in their own sections above the field list.
const OWN_SECTION = new Set(['status', 'notes', 'notification_status', 'notified_at'])

type Props = {
  id: string
  client: SupabaseClient
  /** The session is at aal2: erasure is possible. */
  canErase: boolean
  onClose: () => void
  /** After a save (the new row) or an erasure (null). */
  onChanged: (id: string, row: LeadRow | null) => void
}

export function LeadDetail({ id, client, canErase, onClose, onChanged }: Props) {
  const { labels } = usePageData<AdminData>()
  const dialog = useRef<HTMLDialogElement>(null)
  const [row, setRow] = useState<LeadRow | null | undefined>(undefined)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [status, setStatus] = useState<LeadStatus>('new')
  const [notes, setNotes] = useState('')
  const [saving, setSaving] = useState(false)
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null)
  const [confirming, setConfirming] = useState(false)

  useEffect(() => {
    const d = dialog.current
    if (d && !d.open) d.showModal()
  }, [])

  useEffect(() => {
    let current = true
    setRow(undefined)
    fetchLead(client, id).then(
      (r) => {
        if (!current) return
        setRow(r)
        if (r) {
          setStatus(r.status)
          setNotes(r.notes ?? '')
        }
      },
      (e: unknown) => current && setLoadError(`The lead could not be loaded: ${e instanceof Error ? e.message : String(e)}`),
    )
    return () => {
      current = false
    }
  }, [client, id])

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!row || saving) return
    setSaving(true)
    setMessage(null)
    // .select() returns the rows actually changed: zero means RLS refused (not an admin, or aal2 needed).
    const { data, error } = await client
      .from('leads')
      .update({ status, notes: notes.trim() ? notes : null })
      .eq('id', row.id)
      .select('*')
    setSaving(false)
    if (error) return setMessage({ error: true, text: `Not saved: ${error.message}` })
    const saved = (data as LeadRow[] | null)?.[0]
    if (!saved)
      return setMessage({
        error: true,
        text: 'Not saved: this session may not change leads. Sign in again (with your authenticator code if two-factor authentication is on).',
      })
    setRow(saved)
    setMessage({ error: false, text: `Saved: status ${STATUS_LABELS[saved.status]}${saved.notes ? ', notes updated' : ''}.` })
    onChanged(saved.id, saved)
  }

  async function erase() {
    if (!row) return
    setSaving(true)
    const { data, error } = await client.from('leads').delete().eq('id', row.id).select('id')
    setSaving(false)
    setConfirming(false)
    if (error) return setMessage({ error: true, text: `Not erased: ${error.message}` })
    if (!data?.length)
      return setMessage({ error: true, text: 'Not erased: erasure needs a session signed in with an authenticator code (two-factor authentication).' })
    onChanged(row.id, null)
    dialog.current?.close()
  }

  const notesTooLong = [...notes].length > NOTES_MAX

  return (
    <dialog
      ref={dialog}
      className="admin-detail"
      aria-labelledby="admin-detail-heading"
      // React propagates a nested dialog's close event (the erase confirmation) up to this one.
      onClose={(e) => e.target === e.currentTarget && onClose()}
    >
      {row === undefined ? (
        loadError ? (
          <p role="alert" className="field-error">
            {loadError}
          </p>
        ) : (
          <p role="status">Loading the lead…</p>
        )
      ) : row === null ? (
        <>
          <h2 id="admin-detail-heading">Lead not found</h2>
          <p>
            No lead with the id <code>{id}</code> exists, or it has been erased.
          </p>
        </>
      ) : (
        <>
          <h2 id="admin-detail-heading">
            {KIND_LABELS[row.kind] ?? row.kind} lead from {row.name}
          </h2>
          <NotificationState row={row} client={client} onResent={(r) => onChanged(r.id, r)} setRow={setRow} />
          <LeadDeliveries leadId={row.id} client={client} />
          <form className="admin-form admin-triage" onSubmit={save}>
            <div className="field">
              <label htmlFor="admin-lead-status">Status</label>
              <select id="admin-lead-status" value={status} onChange={(e) => setStatus(e.target.value as LeadStatus)}>
                {LEAD_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="admin-lead-notes">Internal notes (never sent to the buyer)</label>
              <textarea
                id="admin-lead-notes"
                rows={4}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                aria-invalid={notesTooLong || undefined}
                aria-describedby={notesTooLong ? 'admin-lead-notes-error' : undefined}
              />
              {notesTooLong ? (
                <p id="admin-lead-notes-error" className="field-error">
                  Notes can be at most {NOTES_MAX.toLocaleString('en-GB')} characters.
                </p>
              ) : null}
            </div>
            {message ? (
              <p role={message.error ? 'alert' : 'status'} className={message.error ? 'field-error' : 'admin-saved'}>
                {message.text}
              </p>
            ) : null}
            <p className="actions">
              <button type="submit" className="btn btn-primary" aria-disabled={saving || notesTooLong || undefined} disabled={notesTooLong}>
                {saving ? 'Saving…' : 'Save status and notes'}
              </button>
            </p>
          </form>
          <dl className="admin-fields">
            {LEAD_COLUMNS.filter((c) => !OWN_SECTION.has(c) && !TOUCH_FIELDS.has(c) && !CONSENT_FIELDS.has(c)).map((c) => {
              const text = DATES.has(c) ? formatDate(detailText(row, c, labels)) : detailText(row, c, labels)
              return text ? (
                <div key={c}>
                  <dt>{COLUMN_LABELS[c]}</dt>
                  <dd data-field={c}>{text}</dd>
                </div>
              ) : null
            })}
          </dl>
          <LeadTouches row={row} />
          <LeadConsent row={row} />
          <ContactSubmissions client={client} leadId={row.id} contactId={row.contact_id} />
          <section className="admin-erase" aria-labelledby="admin-erase-heading">
            <h3 id="admin-erase-heading">Erase this lead</h3>
            {canErase ? (
              <p>When the buyer asks for their data to be deleted (GDPR), erase the lead. This cannot be undone.</p>
            ) : (
              <p>Erasure needs a session signed in with an authenticator code: turn on two-factor authentication, then sign out and in again.</p>
            )}
            <p className="actions">
              <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)} disabled={!canErase}>
                Erase lead…
              </button>
            </p>
          </section>
        </>
      )}
      <p className="actions">
        {/* biome-ignore lint/a11y/noAutofocus: the modal opens on Close, the one control present in every state (loading, not found, loaded), not on the status select */}
        <button type="button" className="btn btn-primary" autoFocus onClick={() => dialog.current?.close()}>
          Close
        </button>
      </p>
      {confirming && row ? <ConfirmErase row={row} busy={saving} onConfirm={erase} onCancel={() => setConfirming(false)} /> : null}
    </dialog>
  )
}

type NotificationProps = { row: LeadRow; client: SupabaseClient; onResent: (row: LeadRow) => void; setRow: (row: LeadRow) => void }

function NotificationState({ row, client, onResent, setRow }: NotificationProps) {
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [result, setResult] = useState<{ error: boolean; text: string } | null>(null)
  const stuck = isStuck(row)
  // The function re-reads the lead with this session's token: row level security decides. An
  // uncertain mail is sent again only with confirmUncertain (the admin checked the inbox).
  async function resend(confirmUncertain = false) {
    setBusy(true)
    setConfirming(false)
    setResult(null)
    const { data, error } = await client.functions.invoke<{ notification?: string }>('submit-lead/resend', { body: { id: row.id, confirmUncertain } })
    const fresh = await fetchLead(client, row.id).catch(() => null)
    if (fresh) {
      setRow(fresh)
      onResent(fresh)
    }
    setBusy(false)
    if (error) setResult({ error: true, text: `Not sent again: nothing left to send, or another resend is running (${error.message})` })
    else
      setResult({
        error: data?.notification !== 'sent',
        text: data?.notification === 'sent' ? 'Sent again.' : 'Tried again; it did not go through (see above).',
      })
  }
  const ack = row.ack_skipped ? (
    <p className="admin-notification" data-ack="skipped">
      No acknowledgement was sent to the buyer: {ACK_SKIPPED_LABELS[row.ack_skipped]}. Reply to the buyer yourself.
    </p>
  ) : null
  const status = result ? (
    <span role="status" className={result.error ? 'admin-error' : undefined}>
      {result.text}
    </span>
  ) : null
  const resendButton =
    row.notification_status === 'failed' || row.notification_status === 'needs_attention' || stuck ? (
      <p className="actions">
        <button type="button" className="btn" disabled={busy} onClick={() => resend()}>
          {busy ? 'Sending…' : 'Send the notification again'}
        </button>
        {status}
      </p>
    ) : null
  const attempts = `${row.notification_attempts} ${row.notification_attempts === 1 ? 'attempt' : 'attempts'}`
  const reason = row.notification_error ? ` (${row.notification_error})` : ''
  if (row.notification_status === 'uncertain') {
    return (
      <>
        <p className="admin-notification admin-notification-failed" data-notification="uncertain">
          <strong>Delivery uncertain</strong>: the mail server took the message but did not confirm it in time{reason}. It may well have arrived, so it is not
          sent again by itself. Check the sales inbox (the buyer may have the acknowledgement) before sending it again.
        </p>
        {ack}
        <p className="actions">
          {confirming ? (
            <>
              <button type="button" className="btn" disabled={busy} onClick={() => resend(true)}>
                {busy ? 'Sending…' : 'Yes, it did not arrive: send it again'}
              </button>
              <button type="button" className="btn-link" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </>
          ) : (
            <button type="button" className="btn" disabled={busy} onClick={() => setConfirming(true)}>
              Send again anyway…
            </button>
          )}
          {status}
        </p>
      </>
    )
  }
  if (row.notification_status === 'needs_attention') {
    return (
      <>
        <p className="admin-notification admin-notification-failed" data-notification="needs_attention">
          <strong>Notification needs attention</strong>: the mail to sales or the buyer was refused, or still failed after {attempts} over a day{reason}. It is
          no longer retried by itself. Reply to the buyer from here, or send it again once the mail server is fixed.
        </p>
        {ack}
        {resendButton}
      </>
    )
  }
  if (row.notification_status === 'failed') {
    return (
      <>
        <p className="admin-notification admin-notification-failed" data-notification="failed">
          <strong>Notification failed</strong>: the mail to sales or the buyer was not delivered after {attempts}
          {reason}. It is tried again by itself (after 1 min, 5 min, 30 min, 2 h, 6 h and 24 h). Reply to the buyer from here.
        </p>
        {ack}
        {resendButton}
      </>
    )
  }
  if (row.notification_status === 'sent') {
    return (
      <>
        <p className="admin-notification" data-notification="sent">
          Notification sent{row.notified_at ? ` ${formatDate(row.notified_at)}` : ''}.
        </p>
        {ack}
      </>
    )
  }
  return (
    <>
      <p className={stuck ? 'admin-notification admin-notification-failed' : 'admin-notification'} data-notification={stuck ? 'stuck' : 'pending'}>
        {stuck ? <strong>Notification stuck</strong> : 'Notification pending'}
        {row.notification_attempts ? ` (${row.notification_attempts} attempts so far)` : ''}
        {stuck ? ': no mail has gone out since it arrived. The retry job sends it again; you can also send it now.' : '.'}
      </p>
      {ack}
      {resendButton}
    </>
  )
}

function ConfirmErase({ row, busy, onConfirm, onCancel }: { row: LeadRow; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = dialog.current
    if (d && !d.open) d.showModal()
  }, [])
  return (
    <dialog
      ref={dialog}
      className="admin-detail admin-confirm"
      role="alertdialog"
      aria-labelledby="admin-confirm-heading"
      aria-describedby="admin-confirm-text"
      onClose={(e) => e.target === e.currentTarget && onCancel()}
    >
      <h2 id="admin-confirm-heading">Erase the lead from {row.name}?</h2>
      <p id="admin-confirm-text">
        Every field of this lead, including its notes, is deleted from the database for good. Exports made earlier are not affected.
      </p>
      <p className="actions">
        <button type="button" className="btn btn-primary" onClick={onConfirm} aria-disabled={busy || undefined}>
          {busy ? 'Erasing…' : 'Erase permanently'}
        </button>
        {/* biome-ignore lint/a11y/noAutofocus: the erase confirmation opens on Cancel, so Enter or Space does not erase */}
        <button type="button" className="btn btn-secondary" autoFocus onClick={() => dialog.current?.close()}>
          Cancel
        </button>
      </p>
    </dialog>
  )
}
