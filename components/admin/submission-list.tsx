// A contact's submissions as a list: when, what kind, the status (kept per submission), and a
// link that opens the submission's detail (#lead=<uuid>, which the inbox follows).
import { formatDate, KIND_LABELS, STATUS_LABELS } from './lead-row'
import type { Submission } from './contact-query'

export function SubmissionList({ submissions }: { submissions: Submission[] }) {
  return (
    <ul className="admin-submissions">
      {submissions.map((s) => (
        <li key={s.id} data-submission-id={s.id}>
          <span className="admin-when">{formatDate(s.created_at)}</span> · {KIND_LABELS[s.kind] ?? s.kind}
          {s.subject ? <span className="admin-text"> “{s.subject}”</span> : null} · {STATUS_LABELS[s.status] ?? s.status}{' '}
          <a href={`#lead=${s.id}`}>
            Open
            <span className="visually-hidden">
              {' '}
              the {(KIND_LABELS[s.kind] ?? s.kind).toLowerCase()} submission of {formatDate(s.created_at)}
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}
