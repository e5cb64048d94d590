// Where the buyer came from: the first touch (the first visit, kept in the buyer's browser only
// with cookie consent) beside the last touch (the visit the lead was sent in), one row per value.
// Every value is React text, never HTML: all of it came from a link anyone can write.
import type { LeadRow } from './lead-row'

/** [label, last-touch column, first-touch column]. */
const TOUCH_ROWS = [
  ['Landing page', 'landing_page', 'first_landing_page'],
  ['Referrer', 'referrer', 'first_referrer'],
  ['utm_source', 'utm_source', 'first_utm_source'],
  ['utm_medium', 'utm_medium', 'first_utm_medium'],
  ['utm_campaign', 'utm_campaign', 'first_utm_campaign'],
  ['utm_term', 'utm_term', 'first_utm_term'],
  ['utm_content', 'utm_content', 'first_utm_content'],
  ['gclid (Google Ads click)', 'gclid', 'first_gclid'],
  ['fbclid (Meta click)', 'fbclid', 'first_fbclid'],
] as const satisfies readonly (readonly [string, keyof LeadRow, keyof LeadRow])[]

/** The columns this section shows (the detail's field list leaves them out). */
export const TOUCH_FIELDS: ReadonlySet<string> = new Set(TOUCH_ROWS.flatMap(([, last, first]) => [last, first]))

export function LeadTouches({ row }: { row: LeadRow }) {
  const rows = TOUCH_ROWS.filter(([, last, first]) => row[last] || row[first])
  const hasFirst = TOUCH_ROWS.some(([, , first]) => row[first])
  return (
    <section className="admin-touches" aria-labelledby="admin-touches-heading">
      <h3 id="admin-touches-heading">Where the buyer came from</h3>
      {rows.length ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Value</th>
              <th scope="col">First visit</th>
              <th scope="col">This lead's visit</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, last, first]) => (
              <tr key={last}>
                <th scope="row">{label}</th>
                <td className="admin-text" data-field={first}>
                  {row[first] ?? ''}
                </td>
                <td className="admin-text" data-field={last}>
                  {row[last] ?? ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>No landing page, referrer or campaign was recorded.</p>
      )}
      {hasFirst ? null : <p className="admin-hint">No first visit on record: the buyer did not accept cookies, or this was their first visit.</p>}
    </section>
  )
}
