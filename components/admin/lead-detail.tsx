// One lead with all its fields, in a modal <dialog> (focus stays inside; Escape closes it).
import { useEffect, useRef } from 'react'
import { cellText, COLUMN_LABELS, formatDate, LEAD_COLUMNS, type LeadRow } from './lead-row'

export function LeadDetail({ row, onClose }: { row: LeadRow; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const d = dialog.current
    if (d && !d.open) d.showModal()
  }, [])

  return (
    <dialog ref={dialog} className="admin-detail" aria-labelledby="admin-detail-heading" onClose={onClose}>
      <h2 id="admin-detail-heading">
        {row.kind} lead from {row.name}
      </h2>
      <dl className="admin-fields">
        {LEAD_COLUMNS.map((c) => {
          const text = c === 'created_at' || c === 'consent_at' ? formatDate(cellText(row, c)) : cellText(row, c)
          return text ? (
            <div key={c}>
              <dt>{COLUMN_LABELS[c]}</dt>
              <dd data-field={c}>{text}</dd>
            </div>
          ) : null
        })}
      </dl>
      <p className="actions">
        <button type="button" className="btn btn-primary" autoFocus onClick={() => dialog.current?.close()}>
          Close
        </button>
      </p>
    </dialog>
  )
}
