// What a pull request did to the translations: two audit outputs (reports/audit/ of the base
// branch and of the PR, from `npm run audit -- --out <dir>`) → completion before → after per
// language and the findings the PR added or fixed. Posted as the PR's sticky comment by
// .github/workflows/preview.yml (scripts/audit/diff.ts).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import Papa from 'papaparse'
import type { EnglishChange } from './english-changes'
import { AUDIT_FILES } from './write'

export type Finding = { locale: string; file: string; line: string; key: string; problem: string; severity: string }
export type LocaleRow = { locale: string; name?: string; completion: number; completionText?: string }
export type AuditOutput = { locales: LocaleRow[]; findings: Finding[] }

/** Reads an audit output folder; undefined when the folder has no audit (e.g. the base branch predates it). */
export function readAuditOutput(dir: string): AuditOutput | undefined {
  const json = join(dir, AUDIT_FILES.json)
  const csv = join(dir, AUDIT_FILES.items)
  if (!existsSync(json) || !existsSync(csv)) return undefined
  const summary = JSON.parse(readFileSync(json, 'utf8')) as { locales: LocaleRow[] }
  return { locales: summary.locales, findings: parseItems(readFileSync(csv, 'utf8')) }
}

export function parseItems(csv: string): Finding[] {
  const rows = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data
  return rows.map((r) => ({
    locale: r.locale ?? '',
    // The base branch is audited from another folder ("base/content/…"): compare from content/ on.
    file: (r.file ?? '').replace(/^.*?(?=content\/)/, ''),
    line: r.line ?? '',
    key: r.key ?? '',
    problem: r.problem ?? '',
    severity: r.severity ?? '',
  }))
}

const id = (f: Finding) => [f.locale, f.file, f.key, f.problem].join('\u0000')

export type LocaleDiff = {
  locale: string
  name?: string
  before?: number
  after?: number
  added: Finding[]
  fixed: Finding[]
}

export function diffAudits(base: AuditOutput | undefined, head: AuditOutput): LocaleDiff[] {
  const baseIds = new Set((base?.findings ?? []).map(id))
  const headIds = new Set(head.findings.map(id))
  const locales = [...new Set([...head.locales.map((l) => l.locale), ...(base?.locales ?? []).map((l) => l.locale)])]
  return locales.map((locale) => {
    const h = head.locales.find((l) => l.locale === locale)
    const b = base?.locales.find((l) => l.locale === locale)
    return {
      locale,
      name: h?.name ?? b?.name,
      before: b?.completion,
      after: h?.completion,
      added: head.findings.filter((f) => f.locale === locale && !baseIds.has(id(f))),
      fixed: (base?.findings ?? []).filter((f) => f.locale === locale && !headIds.has(id(f))),
    }
  })
}

export const COMMENT_MARKER = '<!-- translation-audit-preview -->'
const pct = (n: number | undefined) => (n === undefined ? '–' : `${(Math.floor(n * 1000) / 10).toFixed(1)}%`)
const count = (list: Finding[], ...kinds: string[]) => list.filter((f) => kinds.includes(f.problem)).length
const MAX_LISTED = 25

export function diffMarkdown(
  diffs: LocaleDiff[],
  { previewUrl, previewNote, english = [] }: { previewUrl?: string; previewNote?: string; english?: EnglishChange[] } = {},
): string {
  const out = [COMMENT_MARKER, '### Preview and translation audit', '']
  out.push(previewUrl ? `**Preview:** ${previewUrl}` : `**Preview:** ${previewNote ?? 'not deployed'}`, '')
  out.push(
    '| Language | Completion (before → after) | New missing | New stale | New QA errors | Other new findings | Completed | Fixed |',
    '|---|---|---|---|---|---|---|---|',
  )
  for (const d of diffs) {
    const change = d.before === d.after ? pct(d.after) : `${pct(d.before)} → **${pct(d.after)}**`
    const missing = count(d.added, 'missing', 'missing file', 'empty')
    const stale = count(d.added, 'stale')
    const qa = d.added.filter((f) => f.problem.startsWith('qa-') && f.severity === 'error').length
    const other = d.added.length - missing - stale - qa
    const completed = count(d.fixed, 'missing', 'missing file', 'empty')
    out.push(
      `| ${d.name ? `${d.name} (${d.locale})` : d.locale} | ${change} | ${missing || '–'} | ${stale || '–'} | ${qa || '–'} | ${other || '–'} | ${completed || '–'} | ${d.fixed.length - completed || '–'} |`,
    )
  }
  if (english.length) {
    out.push('', `<details><summary>${english.length} English text(s) changed: what each sends back to translation</summary>`, '')
    for (const c of english.slice(0, MAX_LISTED)) {
      const stale = c.staleIn.length
        ? `stale in ${c.staleIn.join(', ')}`
        : c.kind === 'added'
          ? 'new: to translate'
          : c.kind === 'removed'
            ? 'removed'
            : 'no translation affected'
      out.push(`- \`${c.file}\` \`${c.key}\` (${c.kind}; ${stale})${c.wordDiff ? `: ${c.wordDiff}` : ''}`)
    }
    if (english.length > MAX_LISTED) out.push(`- … and ${english.length - MAX_LISTED} more`)
    out.push('', '</details>')
  }
  const added = diffs.flatMap((d) => d.added)
  if (added.length) {
    out.push('', `<details><summary>${added.length} new finding(s): file, key and problem</summary>`, '')
    for (const f of added.slice(0, MAX_LISTED)) out.push(`- \`${f.locale}\` ${f.problem}: \`${f.file}${f.line ? `:${f.line}` : ''}\` \`${f.key}\``)
    if (added.length > MAX_LISTED) out.push(`- … and ${added.length - MAX_LISTED} more in the localization-audit artifact`)
    out.push('', '</details>')
  } else out.push('', 'No new missing or stale translations.')
  out.push('', '<sub>Updated on every push. Run `npm run audit` locally for the full list with the English source.</sub>', '')
  return out.join('\n')
}
