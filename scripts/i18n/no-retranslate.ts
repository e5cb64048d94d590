// npm run i18n:no-retranslate -- [--base origin/main] [--content content] [--summary <markdown file to append to>]
// An English fix that changes no meaning (a typo, a capital) would send every translation of the
// text back to "stale". Name the text in a commit trailer and run this before pushing:
//
//   Fix typo in the tube advice
//
//   i18n: no-retranslate ui:tube.text pages/home:blocks.0.heading
//
// For each text named by a trailer in the commits since --base, every locale whose lock recorded
// the English text of --base (the translation was current before the fix) is re-recorded as
// current for the new English, keeping its review state (npm run audit:lock --keep-state). A
// locale that was already stale stays stale. Each refresh is logged (--summary appends it to a
// Markdown file, e.g. CI's $GITHUB_STEP_SUMMARY), so the pull request shows exactly which locks the trailer moved.
import { execFileSync } from 'node:child_process'
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { lockReader } from '../../lib/audit/english-changes'
import { sourceHash } from '../../lib/audit/lock'
import { loadAudit } from '../../lib/audit/run'
import { main as lock } from '../audit/lock'
import { isEntryPoint, parseCliArgs } from '../cli-args'

const USAGE = 'usage: npm run i18n:no-retranslate -- [--base <git ref>] [--content content] [--summary <file>]'
export const TRAILER = /^i18n:\s*no-retranslate\s+(.+)$/gim

/** Unit ids named by `i18n: no-retranslate` trailers, with the commit that named each. */
export function trailerIds(log: string): Map<string, string> {
  const ids = new Map<string, string>()
  for (const commit of log.split('\u0000').filter(Boolean)) {
    const [sha = '', ...body] = commit.trim().split('\n')
    for (const m of body.join('\n').matchAll(TRAILER)) for (const id of m[1]!.trim().split(/\s+/)) ids.set(id, sha.slice(0, 12))
  }
  return ids
}

export function main(args: string[] = process.argv.slice(2), cwd = process.cwd()): number {
  const parsed = parseCliArgs(
    { args, options: { base: { type: 'string', default: 'origin/main' }, content: { type: 'string', default: 'content' }, summary: { type: 'string' } } },
    USAGE,
  )
  if (!parsed) return 2
  const { base, content, summary } = parsed.values
  const git = (...a: string[]) => execFileSync('git', a, { cwd, encoding: 'utf8' })
  const ids = trailerIds(git('log', '--format=%H%n%B%x00', `${base}..HEAD`))
  if (!ids.size) {
    console.log(`i18n:no-retranslate: no "i18n: no-retranslate" trailer in ${base}..HEAD`)
    return 0
  }
  const contentDir = resolve(cwd, content!)
  // The base branch's content, to know which English each lock recorded before the fix.
  const old = mkdtempSync(join(tmpdir(), 'no-retranslate-'))
  try {
    const rel = relative(git('rev-parse', '--show-toplevel').trim(), contentDir).split('\\').join('/')
    execFileSync('sh', ['-c', `git archive ${JSON.stringify(base)} ${JSON.stringify(rel)} | tar -x -C ${JSON.stringify(old)}`], { cwd })
    const before = loadAudit(join(old, rel), join(old, rel))
    const now = loadAudit(contentDir, cwd)
    const [source, ...locales] = now.routes.locales
    // Read before any refresh: each id is compared with the lock as it was, and a refresh writes
    // only its own id's entry.
    const lockOf = lockReader(now)
    const log: string[] = []
    let failed = false
    for (const [id, sha] of ids) {
      const was = before.byLocale.get(source!)?.units.get(id)
      const is = now.byLocale.get(source!)?.units.get(id)
      if (!was || !is) {
        console.error(
          `error: i18n: no-retranslate ${id} (commit ${sha}): no English text with this id ${was ? 'now' : `in ${base}`} (ids look like ui:nav.quote or pages/home:blocks.0.heading)`,
        )
        failed = true
        continue
      }
      const oldHash = sourceHash(was.text ?? '')
      const refreshed = locales.filter((locale) => {
        const unit = now.byLocale.get(locale)?.units.get(id)
        if (!unit || lockOf(locale).get(id)?.hash !== oldHash) return false
        return lock(['--file', resolve(cwd, unit.at.file), '--key', unit.key, '--keep-state', '--content', contentDir]) === 0
      })
      log.push(`- \`${id}\` (commit ${sha}): lock refreshed in ${refreshed.join(', ') || 'no locale (none was current)'}`)
    }
    const report = ['### i18n: no-retranslate', '', ...log, ''].join('\n')
    console.log(report)
    if (summary) appendFileSync(summary, report)
    return failed ? 1 : 0
  } finally {
    rmSync(old, { recursive: true, force: true })
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = main()
