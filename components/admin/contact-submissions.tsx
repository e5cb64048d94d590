// In a lead's detail: the other submissions of the same contact (same trimmed, lower-cased
// email), each opening in this dialog's place. Status and notes belong to each submission.
import { useEffect, useState } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import { fetchSubmissions, type Submission } from './contact-query'
import { SubmissionList } from './submission-list'

export function ContactSubmissions({ client, leadId, contactId }: { client: SupabaseClient; leadId: string; contactId: string | null | undefined }) {
  const [others, setOthers] = useState<Submission[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!contactId) return
    let current = true
    fetchSubmissions(client, contactId).then(
      (rows) => current && setOthers(rows.filter((r) => r.id !== leadId)),
      (e: unknown) => current && setError(`The other submissions could not be loaded: ${e instanceof Error ? e.message : String(e)}`),
    )
    return () => {
      current = false
    }
  }, [client, leadId, contactId])

  if (!contactId) return null
  return (
    <section className="admin-contact-others" aria-labelledby="admin-contact-others-heading">
      <h3 id="admin-contact-others-heading">Other submissions from this contact</h3>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : others === null ? (
        <p role="status">Loading…</p>
      ) : others.length ? (
        <SubmissionList submissions={others} />
      ) : (
        <p>None: this is the buyer's only submission.</p>
      )}
    </section>
  )
}
