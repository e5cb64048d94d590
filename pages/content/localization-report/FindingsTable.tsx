// The findings per language and check: one row group per language, what to fix first on top
// (checks with errors, then by count), and the totals, which equal the audit's own. The chart
// beside it draws each language's totals; this table holds every figure, for screen readers and
// for copying.
import { checkLabel } from '../../../lib/audit/chart-labels'
import type { FindingCounts, Tally } from '../../../lib/audit/chart-findings'

export type FindingGroup = Tally & { locale: string; name: string; checks: (Tally & { check: string })[] }

/** Groups in `names` order, then any other locale the findings name. */
export function findingGroups(findings: FindingCounts, names: ReadonlyMap<string, string>): FindingGroup[] {
  const locales = [...names.keys(), ...Object.keys(findings).filter((l) => !names.has(l))]
  return locales.map((locale) => {
    const checks = Object.entries(findings[locale] ?? {})
      .map(([check, t]) => ({ check, ...t }))
      .sort((a, b) => Number(b.errors > 0) - Number(a.errors > 0) || b.errors + b.warnings - (a.errors + a.warnings))
    const errors = checks.reduce((n, c) => n + c.errors, 0)
    const warnings = checks.reduce((n, c) => n + c.warnings, 0)
    return { locale, name: names.get(locale) ?? locale, errors, warnings, checks }
  })
}

export function FindingsTable({ groups, captionId }: { groups: FindingGroup[]; captionId: string }) {
  return (
    <table>
      <caption id={captionId}>Findings per language and check</caption>
      <thead>
        <tr>
          <th scope="col">Language</th>
          <th scope="col">What was found</th>
          <th scope="col">Errors</th>
          <th scope="col">Warnings</th>
        </tr>
      </thead>
      {groups.map((group) => {
        const rows = group.checks.length ? group.checks : [{ check: '', errors: 0, warnings: 0 }]
        return (
          <tbody key={group.locale}>
            {rows.map((row, i) => (
              <tr key={row.check}>
                {i === 0 && (
                  <th scope="rowgroup" rowSpan={rows.length}>
                    <bdi lang={group.locale}>{group.name}</bdi> ({group.locale})
                  </th>
                )}
                <td>
                  {row.check ? (
                    <>
                      {checkLabel(row.check)} <code>{row.check}</code>
                    </>
                  ) : (
                    'No findings'
                  )}
                </td>
                <td>{row.errors}</td>
                <td>{row.warnings}</td>
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
          <td>{groups.reduce((n, g) => n + g.errors, 0)}</td>
          <td>{groups.reduce((n, g) => n + g.warnings, 0)}</td>
        </tr>
      </tfoot>
    </table>
  )
}
