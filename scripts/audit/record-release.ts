// npm run audit:record-release [-- --summary reports/audit/summary.json] [--commit <sha>] [--date <ISO>] [--release <id>] [--backfilled]
// Appends this release's figures (the audit's summary.json, so run `npm run audit` first) to
// content/audit-history.yml, which the localization report draws. The release workflow runs it
// and commits the file (docs/HOSTING.md); the build only reads the file. The commit and its date
// default to HEAD's; an entry for the same commit is replaced, so a re-run does not add one.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { HISTORY_FILE, historyText, localeFigures, readHistory, withRelease } from '../../lib/audit/history'
import { isEntryPoint, parseCliArgs } from '../cli-args'

const USAGE =
  'usage: npm run audit:record-release -- [--summary reports/audit/summary.json] [--history content/audit-history.yml] [--commit <sha>] [--date <ISO date>] [--release <id>] [--backfilled]'

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim()

export function main(args: string[] = process.argv.slice(2)): number {
  const parsed = parseCliArgs(
    {
      args,
      options: {
        summary: { type: 'string', default: 'reports/audit/summary.json' },
        history: { type: 'string', default: HISTORY_FILE },
        commit: { type: 'string' },
        date: { type: 'string' },
        release: { type: 'string' },
        backfilled: { type: 'boolean', default: false },
      },
    },
    USAGE,
  )
  if (!parsed) return 2
  const opts = parsed.values
  const commit = git('rev-parse', '--verify', `${opts.commit ?? 'HEAD'}^{commit}`)
  const date = opts.date ?? git('show', '-s', '--format=%cI', commit)
  const entry = {
    release: opts.release ?? `${date.slice(0, 10)} ${commit.slice(0, 7)}`,
    commit,
    date,
    ...(opts.backfilled ? { backfilled: true } : {}),
    locales: localeFigures(JSON.parse(readFileSync(opts.summary, 'utf8'))),
  }
  writeFileSync(opts.history, historyText(withRelease(readHistory(opts.history), entry)))
  console.log(`${opts.history}: recorded ${entry.release}${opts.backfilled ? ' (back-filled)' : ''}`)
  return 0
}

if (isEntryPoint(import.meta.url)) process.exitCode = main()
