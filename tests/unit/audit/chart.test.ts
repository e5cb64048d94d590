// The report page's findings chart and its table rows: summary.json's per-locale, per-check
// counts add up to the audit's own totals; the chart has one group per locale and one bar per
// check with findings, on one scale; the SVG draws those bars with their labels and counts; a
// locale reads 100% only without errors.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CHECK_LABELS } from '../../../lib/audit/chart-labels'
import { findingCounts } from '../../../lib/audit/chart-findings'
import type { ReleaseEntry } from '../../../lib/audit/history'
import type { Problem } from '../../../lib/audit/problem'
import { PROBLEMS } from '../../../lib/audit/problem'
import { QA } from '../../../lib/audit/qa/ids'
import { runAudit } from '../../../lib/audit/run'
import { type AuditSummary, writeReports } from '../../../lib/audit/write'
import { FindingsTable, findingGroups } from '../../../pages/content/localization-report/FindingsTable'
import { COLOURS, completeHistorySvg, completenessSvg, findingsHistorySvg, findingsSvg } from '../../../pages/content/localization-report/report-charts'
import { reportRows } from '../../../pages/content/localization-report/report-rows'
import { tempDir } from '../../setup/temp-dirs'

const FIXTURE = 'tests/fixtures/audit/qa/content'
const LOCALES = ['en', 'tr', 'de', 'fr', 'es', 'it', 'ar']

const finding = (locale: string, kind: Problem['kind'], severity: Problem['severity']): Problem => ({
  locale,
  kind,
  severity,
  file: 'x',
  key: 'k',
  message: 'm',
})

/** The QA fixture with defects planted: errors in fr and en (whose edit makes every locale's text
 *  stale), a missing text in de, a silence of no check in it (an error of no one text). */
function auditedSummary(): AuditSummary {
  const dir = tempDir('chart-')
  cpSync(FIXTURE, dir, { recursive: true })
  const edit = (file: string, from: string, to: string) => {
    const path = join(dir, file)
    const text = readFileSync(path, 'utf8')
    if (!text.includes(from)) throw new Error(`${file}: "${from}" not found`)
    writeFileSync(path, text.replace(from, to))
  }
  edit('ui/fr.yml', 'reste sur le produit', 'reste sur le le produit')
  edit('ui/fr.yml', 'Chargez le tube', 'Chargez  le tube')
  edit('ui/en.yml', 'Load the netting', 'Load  the netting')
  edit('ui/de.yml', 'faq.question: Welche Größe brauche ich?\n', '')
  edit('ui/it.yml', 'nav.quote:', '# qa-allow qa-no-such-check: a check id that does not exist\nnav.quote:')
  const out = tempDir('chart-out-')
  writeReports(runAudit({ contentDir: dir, cwd: dir }), out)
  return JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as AuditSummary
}

describe('findingCounts', () => {
  it('counts errors and warnings per locale and check, every locale listed, other locales after them', () => {
    const counts = findingCounts(
      [
        finding('fr', QA.repeated, 'error'),
        finding('fr', QA.repeated, 'error'),
        finding('fr', QA.repeated, 'warning'),
        finding('fr', PROBLEMS.missing, 'error'),
        finding('de', PROBLEMS.stale, 'warning'),
        finding('xx', PROBLEMS.syntax, 'error'),
      ],
      ['en', 'de', 'fr'],
    )
    expect(Object.keys(counts)).toEqual(['en', 'de', 'fr', 'xx'])
    expect(counts.en).toEqual({})
    // Presence problems before QA checks, whatever the order of the findings.
    expect(counts.fr).toEqual({ missing: { errors: 1, warnings: 0 }, 'qa-repeated-word': { errors: 2, warnings: 1 } })
    expect(Object.keys(counts.fr!)).toEqual(['missing', 'qa-repeated-word'])
    expect(counts.de).toEqual({ stale: { errors: 0, warnings: 1 } })
  })

  it('has words for every problem kind and QA check id', () => {
    for (const kind of [...Object.values(PROBLEMS), ...Object.values(QA)]) expect(CHECK_LABELS[kind], kind).toMatch(/^[A-Z].{5,}/)
  })
})

describe('summary.json findings of a real audit run', () => {
  const summary = auditedSummary()
  const all = Object.values(summary.findings).flatMap((checks) => Object.values(checks))

  it('add up to the audit’s error and warning totals, per locale and check', () => {
    expect(summary.errors).toBeGreaterThan(0)
    expect(all.reduce((n, t) => n + t.errors, 0)).toBe(summary.errors)
    expect(all.reduce((n, t) => n + t.warnings, 0)).toBe(summary.warnings)
    expect(Object.keys(summary.findings)).toEqual(LOCALES)
    expect(summary.findings.fr).toMatchObject({ 'qa-repeated-word': { errors: 1, warnings: 0 }, 'qa-double-space': { errors: 1, warnings: 0 } })
    expect(summary.findings.en).toEqual({ 'qa-double-space': { errors: 1, warnings: 0 } })
    expect(summary.findings.de).toMatchObject({ missing: { errors: 1, warnings: 0 } })
    expect(summary.findings.it).toEqual({ 'qa-silence': { errors: 1, warnings: 0 }, stale: { errors: 0, warnings: 1 } })
    expect(summary.findings.tr).toEqual({ stale: { errors: 0, warnings: 1 } })
  })

  it('give the page a row per locale: errors keep it under 100%, plain words for what is missing', () => {
    const rows = new Map(reportRows(summary).map((r) => [r.locale, r]))
    expect([...rows.keys()]).toEqual(LOCALES)
    expect(rows.get('tr')).toMatchObject({ complete: '100.0%', errors: 0, warnings: 1, notes: ['1 text needs an update after an English change'] })
    expect(rows.get('fr')).toMatchObject({ errors: 2 })
    expect(rows.get('fr')!.complete).not.toBe('100.0%')
    // The unused silence is an error of no one text: the audit's completion stays 1, the page's figure does not.
    expect(summary.locales.find((r) => r.locale === 'it')!.completion).toBe(1)
    expect(rows.get('it')).toMatchObject({ complete: '99.9%', errors: 1 })
    expect(rows.get('de')!.notes).toContain('1 text not yet translated, shown in English')
    for (const row of rows.values()) expect(row.notes.join(' ')).not.toMatch(/stale|placeholder|lock/i)
  })
})

describe('reportRows', () => {
  const out = tempDir('chart-out-')
  writeReports(runAudit({ contentDir: FIXTURE, cwd: process.cwd() }), out)
  const clean = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as AuditSummary
  const { locales, findings } = clean

  it('shows the reviewed share where summary.json has a reviewed count, and "–" where it has none', () => {
    const withReviews = locales.map((r) => ({ ...r, reviewed: Math.floor(r.requiredUnits / 4) }))
    // A summary.json written before the audit counted reviews.
    const without = locales.map((r) => {
      const older: Record<string, unknown> = { ...r }
      delete older.reviewed
      return older as (typeof locales)[number]
    })
    const de = withReviews.find((r) => r.locale === 'de')!
    expect(reportRows({ locales: withReviews, findings, sourceLocale: 'en' }).find((r) => r.locale === 'de')!.reviewed).toBe(
      `${(Math.floor((de.reviewed / de.requiredUnits) * 1000) / 10).toFixed(1)}%`,
    )
    expect(reportRows({ locales: without, findings, sourceLocale: 'en' }).map((r) => r.reviewed)).toEqual(LOCALES.map(() => '–'))
  })

  it('says "needs an update after an English change" and counts pages shown in English, not "stale" or "placeholder"', () => {
    const de = { ...locales.find((r) => r.locale === 'de')!, stale: 1, placeholderPages: ['guide/a', 'guide/b', 'glossary'] }
    const [row] = reportRows({ locales: [de], findings, sourceLocale: 'en' })
    expect(row!.notes).toEqual(['1 text needs an update after an English change', '3 pages not yet translated, shown in English (guides, glossary)'])
  })
})

describe("the report page's charts (Observable Plot, static SVG) and the findings table", () => {
  const names = new Map(LOCALES.map((l) => [l, `Name ${l}`]))
  const findings = {
    ...findingCounts([], LOCALES),
    de: { stale: { errors: 0, warnings: 7 }, 'qa-inconsistent-source': { errors: 0, warnings: 6 } },
    fr: { stale: { errors: 0, warnings: 20 }, 'qa-repeated-word': { errors: 1, warnings: 0 }, missing: { errors: 3, warnings: 1 } },
  }
  const groups = findingGroups(findings, names)
  const figures = groups.map((g) => ({ ...g, label: `${g.name} (${g.locale})`, complete: g.errors ? 97.5 : 100, reviewed: null }))

  it('groups the findings per locale, checks with errors first, totals as the audit counts them', () => {
    expect(groups.map((g) => g.locale)).toEqual(LOCALES)
    const fr = groups.find((g) => g.locale === 'fr')!
    expect(fr.checks.map((c) => c.check)).toEqual(['missing', 'qa-repeated-word', 'stale'])
    expect(fr).toMatchObject({ errors: 4, warnings: 21 })
    const html = renderToStaticMarkup(createElement(FindingsTable, { groups, captionId: 'c' }))
    expect(html).toContain('<tfoot><tr><th scope="row" colSpan="2">All languages</th><td>4</td><td>34</td></tr></tfoot>')
    expect(html.match(/No findings/g)).toHaveLength(5)
  })

  it('draws each chart as one named image, with no style element or attribute and no script (the CSP allows neither)', () => {
    const svg = findingsSvg(figures)
    const root = svg.match(/^<svg [^>]*>/)![0]
    expect(root).toContain('class="chart"')
    expect(root).toContain('role="img"')
    expect(root).toContain('aria-label="Bar chart: errors and warnings per language')
    // The marks inside carry no names of their own: the chart is one image, its table holds the figures.
    expect(svg.slice(root.length)).not.toContain('aria-label')
    for (const other of [svg, completenessSvg(figures)]) expect(other).not.toMatch(/<style|style=|<script|on\w+=/)
    // One bar per non-empty segment: fr's errors and de's and fr's warnings, in the severity colours.
    expect(svg.match(new RegExp(`<rect [^>]*fill="${COLOURS.errors}"`, 'g'))).toHaveLength(1)
    expect(svg.match(new RegExp(`<rect [^>]*fill="${COLOURS.warnings}"`, 'g'))).toHaveLength(2)
    expect(svg).toContain('4 errors, 21 warnings')
    expect(svg).toContain('Name de (de)')
  })

  it('draws the history of releases: a cell with its figure per language and release, a bar per release', () => {
    const release = (day: string, commit: string, fr: number): ReleaseEntry => ({
      release: `2026-11-${day} ${commit.slice(0, 7)}`,
      commit,
      date: `2026-11-${day}T10:00:00Z`,
      locales: { en: { complete: 100, reviewed: null, errors: 0, warnings: 0 }, fr: { complete: fr, reviewed: null, errors: 2, warnings: 5 } },
    })
    const releases = [release('20', 'a'.repeat(40), 91.5), release('27', 'b'.repeat(40), 99.9)]
    const labels = new Map([
      ['en', 'English (en)'],
      ['fr', 'Français (fr)'],
    ])
    const grid = completeHistorySvg(releases, labels)
    expect(grid.match(/<rect /g)).toHaveLength(4)
    for (const figure of ['91.5%', '99.9%', '100%']) expect(grid).toContain(`>${figure}<`)
    const bars = findingsHistorySvg(releases)
    expect(bars.match(/>2 E, 5 W</g)).toHaveLength(2)
    expect(bars).toContain('2026-11-27 bbbbbbb')
  })
})
