// The history charts' figures: one row group per release, newest first, a row per language.
import type { HistoryRow } from './+data'

const day = (iso: string) => iso.slice(0, 10)

export function HistoryTable({ releases, captionId }: { releases: HistoryRow[]; captionId: string }) {
  return (
    <table>
      <caption id={captionId}>Completeness and findings per language at each release</caption>
      <thead>
        <tr>
          <th scope="col">Release</th>
          <th scope="col">Language</th>
          <th scope="col">Complete</th>
          <th scope="col">Reviewed</th>
          <th scope="col">Errors</th>
          <th scope="col">Warnings</th>
        </tr>
      </thead>
      {[...releases].reverse().map((r) => (
        <tbody key={r.commit}>
          {r.locales.map((f, i) => (
            <tr key={f.locale}>
              {i === 0 && (
                <th scope="rowgroup" rowSpan={r.locales.length}>
                  {day(r.date)} <code>{r.commit.slice(0, 7)}</code>
                  {r.backfilled ? ' (figures computed afterwards from that commit’s audit)' : ''}
                </th>
              )}
              <td>{f.locale}</td>
              <td>{f.complete.toFixed(1)}%</td>
              <td>{f.reviewed === null ? '–' : `${f.reviewed.toFixed(1)}%`}</td>
              <td>{f.errors}</td>
              <td>{f.warnings}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  )
}
