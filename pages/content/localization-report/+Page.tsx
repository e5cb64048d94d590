// The localization QA report (spec §2). The page exists only in English (content/routes.yml:
// locales: [en]), so its own text is plain English here rather than UI keys for seven locales.
// Written for a reader without the translators' glossary; the CSVs keep the audit's terms.
import type { ReactNode } from 'react'
import { usePageData } from '../../../components/page-data'
import type { LocalizationReportData } from './+data'
import { FindingsTable } from './FindingsTable'
import { HistoryTable } from './HistoryTable'
import { tallyText } from './report-rows'

/** A chart drawn at build time (report-charts.ts): static SVG markup made from the audit's own figures. */
// biome-ignore lint/security/noDangerouslySetInnerHtml: Plot wrote the markup through the DOM (text as text nodes), from the audit's figures and the site's own names, never from a visitor
const Chart = ({ svg }: { svg: string }) => <div className="chart-box" dangerouslySetInnerHTML={{ __html: svg }} />

/** A table that may scroll sideways: a labelled region reachable by keyboard. */
function Scroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
    <section className="table-scroll" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  )
}

export default function Page() {
  const { report, history } = usePageData<LocalizationReportData>()
  return (
    <section className="section">
      <div className="container">
        <h1>Localization QA report</h1>
        <p className="lead">How much of each language of the site is translated, and how well.</p>
        <p>
          <strong>{report.ok ? 'Ready to publish' : 'Not ready to publish'}</strong>
          {`: ${tallyText(report)} across all languages. Errors must be fixed before the site goes out; warnings are worth a look.`}
        </p>
        <ul>
          <li>
            <strong>Complete</strong>: the share of the texts a language needs that are translated without an error. A language reads 100% only with no errors.
          </li>
          <li>
            <strong>Reviewed</strong>: the share a second translator has checked and approved (“–” while the audit does not count reviews).
          </li>
          <li>
            <strong>Pages fully translated</strong>: pages shown as a “not yet translated” notice with a link to English are not counted.
          </li>
        </ul>
        <h2>Each language at a glance</h2>
        <Scroll labelledBy="status-caption">
          <table>
            <caption id="status-caption">Completeness and quality per language</caption>
            <thead>
              <tr>
                <th scope="col">Language</th>
                <th scope="col">Complete</th>
                <th scope="col">Reviewed</th>
                <th scope="col">Errors</th>
                <th scope="col">Warnings</th>
                <th scope="col">Pages fully translated</th>
                <th scope="col">What to know</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr key={row.locale}>
                  <th scope="row">
                    <bdi lang={row.locale}>{row.name}</bdi> ({row.locale})
                  </th>
                  <td>{row.complete}</td>
                  <td>{row.reviewed}</td>
                  <td>{row.errors}</td>
                  <td>{row.warnings}</td>
                  <td>{row.pages}</td>
                  <td>{row.notes.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
        <div className="chart-pair">
          <Chart svg={report.charts.completeness} />
          <Chart svg={report.charts.findings} />
        </div>
        <h2>What the audit found, per language and check</h2>
        <Scroll labelledBy="findings-caption">
          <FindingsTable groups={report.groups} captionId="findings-caption" />
        </Scroll>
        <h2>Over the last releases</h2>
        {history.charts ? (
          <>
            <p>Each release records its audit’s figures when it is published; earlier figures never change afterwards.</p>
            <div className="chart-pair">
              <Chart svg={history.charts.complete} />
              <Chart svg={history.charts.findings} />
            </div>
          </>
        ) : (
          <p>The history starts with the next releases: it needs two of them to draw a line.</p>
        )}
        {history.releases.length ? (
          <details className="report-history">
            <summary>The figures of each release (table)</summary>
            <Scroll labelledBy="history-caption">
              <HistoryTable releases={history.releases} captionId="history-caption" />
            </Scroll>
          </details>
        ) : null}
        <h2>Download</h2>
        <p className="actions">
          <a href={`/${report.files.summary}`} download className="btn btn-primary">
            Download Audit CSV
          </a>
          <a href={`/${report.files.items}`} download className="btn btn-secondary">
            Download the item list (CSV)
          </a>
        </p>
        <p>The item list names every finding with its language, file, line, key, check and the English source text.</p>
      </div>
    </section>
  )
}
