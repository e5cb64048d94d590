// The chart's figures as a table: one row per language and check, in the chart's order, and the
// totals, which equal the audit's own. Screen readers and copy-paste get every number here.
import { checkLabel } from '../../../lib/audit/chart-labels'
import type { FindingsChart } from '../../../lib/audit/chart-layout'

export function FindingsTable({ chart, captionId }: { chart: FindingsChart; captionId: string }) {
  return (
    <table>
      <caption id={captionId}>Findings per language and check (the chart's figures)</caption>
      <thead>
        <tr>
          <th scope="col">Language</th>
          <th scope="col">What was found</th>
          <th scope="col">Errors</th>
          <th scope="col">Warnings</th>
        </tr>
      </thead>
      {chart.groups.map((group) => {
        const rows = group.bars.length ? group.bars : [{ check: '', errors: 0, warnings: 0 }]
        return (
          <tbody key={group.locale}>
            {rows.map((bar, i) => (
              <tr key={bar.check}>
                {i === 0 && (
                  <th scope="rowgroup" rowSpan={rows.length}>
                    <bdi lang={group.locale}>{group.name}</bdi> ({group.locale})
                  </th>
                )}
                <td>
                  {bar.check ? (
                    <>
                      {checkLabel(bar.check)} <code>{bar.check}</code>
                    </>
                  ) : (
                    'No findings'
                  )}
                </td>
                <td>{bar.errors}</td>
                <td>{bar.warnings}</td>
              </tr>
            ))}
          </tbody>
        )
      })}
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            All languages
          </th>
          <td>{chart.total.errors}</td>
          <td>{chart.total.warnings}</td>
        </tr>
      </tfoot>
    </table>
  )
}
