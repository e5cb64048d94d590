// What the buyer agreed to (lib/leads/consent-record.ts): the version and SHA-256 of the exact
// consent text the form showed, in the lead's language, on which form and when. The hash can be
// checked against the texts of any release (docs/ADMIN-INBOX.md); leads from pages built before
// the record have none. The ticked boxes and the time stay in the field list (consent_*).
import { formatDate, KIND_LABELS, type LeadRow } from './lead-row'

/** The columns this section shows (the detail's field list leaves them out). */
export const CONSENT_FIELDS: ReadonlySet<string> = new Set(['consent_version', 'consent_hash'])

export function LeadConsent({ row }: { row: LeadRow }) {
  return (
    <section className="admin-consent" aria-labelledby="admin-consent-heading">
      <h3 id="admin-consent-heading">Consent on record</h3>
      {row.consent_hash ? (
        <>
          <p>
            The buyer agreed to the consent text of the {KIND_LABELS[row.kind] ?? row.kind} form in language {row.locale}
            {row.consent_at ? `, ${formatDate(row.consent_at)}` : ''}:
          </p>
          <dl className="admin-fields">
            <div>
              <dt>Text version</dt>
              <dd data-field="consent_version">{row.consent_version}</dd>
            </div>
            <div>
              <dt>Text SHA-256</dt>
              <dd data-field="consent_hash" className="admin-hash">
                {row.consent_hash}
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <p>No consent text on record: the lead was sent from a page built before consent records.</p>
      )}
    </section>
  )
}
