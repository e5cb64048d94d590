// How findings and the summary are printed: GitHub Actions annotations in CI, compiler-style
// "file:line: error: …" lines elsewhere, so editors and terminals link straight to the line.
import { pagesCovered, percent } from './csv'
import type { Problem } from './problem'
import type { AuditResult } from './run'

const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 120 ? `${line.slice(0, 117)}…` : line
}

/** "nav.label: not translated: … — English (content/ui/en.yml:8): "Main navigation"" */
export function describe(p: Problem): string {
  const english = p.english ? ` — English (${p.englishAt}): "${excerpt(p.english)}"` : p.englishAt ? ` — English: ${p.englishAt}` : ''
  return `${p.key ? `${p.key}: ` : ''}${p.message}${english}`
}

// https://docs.github.com/actions/reference/workflow-commands-for-github-actions
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')

export function formatProblem(p: Problem, github: boolean): string {
  if (github) {
    const props = [`file=${escapeProperty(p.file)}`, ...(p.line ? [`line=${p.line}`] : []), `title=${escapeProperty(`${p.kind} (${p.locale})`)}`]
    return `::${p.severity} ${props.join(',')}::${escapeData(describe(p))}`
  }
  return `${p.file}${p.line ? `:${p.line}` : ''}: ${p.severity}: [${p.kind}] ${describe(p)}`
}

const COLUMNS = ['locale', 'completion', 'pages', 'missing', 'empty', 'placeholders', 'stale', 'identical', 'QA errors', 'QA warnings', 'notes'] as const

function tableRows(result: AuditResult): string[][] {
  return result.locales.map((r) => [
    r.locale,
    percent(r.completion),
    pagesCovered(r),
    String(r.missing),
    String(r.empty),
    String(r.placeholderMismatches),
    String(r.stale),
    String(r.identical),
    String(r.qaErrors),
    String(r.qaWarnings),
    r.notes,
  ])
}

export function summaryTable(result: AuditResult): string {
  const rows = [[...COLUMNS], ...tableRows(result)]
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  const line = (r: string[]) => r.map((cell, i) => (i === r.length - 1 ? cell : i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
  return rows.map(line).join('\n')
}

export function verdict(result: AuditResult): string {
  const status = result.ok ? 'passed' : 'FAILED'
  return `Localization audit ${status}: ${result.errors} error${result.errors === 1 ? '' : 's'}, ${result.warnings} warning${result.warnings === 1 ? '' : 's'} (audit took ${result.elapsedMs} ms, of which QA checks ${result.qaMs} ms)`
}

/** Markdown for $GITHUB_STEP_SUMMARY. */
export function summaryMarkdown(result: AuditResult): string {
  const cells = (r: string[]) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`
  const errors = result.problems.filter((p) => p.severity === 'error' && !p.quiet)
  const listed = errors
    .slice(0, 30)
    .map((p) => `- \`${p.file}${p.line ? `:${p.line}` : ''}\` ${describe(p).replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'))}`)
  return [
    `### ${verdict(result)}`,
    '',
    cells([...COLUMNS]),
    cells(COLUMNS.map((_, i) => (i === 0 || i === COLUMNS.length - 1 ? '---' : '---:'))),
    ...tableRows(result).map(cells),
    '',
    ...(errors.length ? ['**Errors**', '', ...listed, ...(errors.length > listed.length ? [`- … and ${errors.length - listed.length} more`] : []), ''] : []),
    'Every finding with file, line, key and the English text: `localization-audit-items.csv` (artifact "localization-audit").',
    '',
  ].join('\n')
}
