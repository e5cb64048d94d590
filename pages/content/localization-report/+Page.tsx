// The localization QA report (spec §2). The page exists only in English (content/routes.yml:
// locales: [en]), so its own text is plain English here rather than UI keys for seven locales.
import { usePageData } from '../../../components/page-data'
import type { LocalizationReportData } from './+data'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export default function Page() {
  const { report } = usePageData<LocalizationReportData>()
  return (
    <section className="section">
      <div className="container">
        <h1>Localization QA report</h1>
        <p className="lead">
          How complete each language of the site is. Completion is the share of required texts that are translated; pages covered counts the pages of that
          language whose texts are all translated (pages shown as a &quot;not translated yet&quot; notice are not counted).
        </p>
        <p>{`Audit ${report.ok ? 'passed' : 'failed'}: ${plural(report.errors, 'error')}, ${plural(report.warnings, 'warning')}.`}</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
        {/* biome-ignore lint/a11y/useSemanticElements: <section> is the native equivalent; kept until the report page is reworked (its KNOWN entry in tests/e2e/html-validity.spec.ts fails once stale) */}
        <div className="table-scroll" role="region" aria-labelledby="audit-caption" tabIndex={0}>
          <table>
            <caption id="audit-caption">Translation status per locale</caption>
            <thead>
              <tr>
                <th scope="col">Locale</th>
                <th scope="col">Completion</th>
                <th scope="col">Pages covered</th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr key={row.locale}>
                  <th scope="row">
                    <bdi lang={row.locale}>{row.name}</bdi> ({row.locale})
                  </th>
                  <td>{row.completion}</td>
                  <td>{row.pagesCovered}</td>
                  <td>{row.notes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="actions">
          <a href={`/${report.files.summary}`} download className="btn btn-primary">
            Download Audit CSV
          </a>
          <a href={`/${report.files.items}`} download className="btn btn-secondary">
            Download the item list (CSV)
          </a>
        </p>
        <p>The item list names every missing, empty, mismatched or stale text with its file, line, key and the English source text.</p>
      </div>
    </section>
  )
}
