// npm run audit [-- --content <dir>] [--out <dir>] [--strict-stale] [--errors-only] [--cache <dir>]
// The localization audit: prints every finding (GitHub annotations when GITHUB_ACTIONS=true),
// a summary table, writes reports/audit/, and exits 1 when a required translation is missing or
// empty, a {placeholder} set differs from English, or a slug collides or is not URL-safe.
import { resolve } from 'node:path'
import { formatProblem, summaryTable, verdict } from '../../lib/audit/format'
import { type AuditResult, AuditSetupError, runAudit } from '../../lib/audit/run'
import { isEntryPoint, parseCliArgs } from '../cli-args'
import { LockFileError } from '../../lib/audit/lock'
import { leafCache } from '../../lib/audit/leaf-cache'
import { AUDIT_FILES, writeReports } from '../../lib/audit/write'

const USAGE = 'usage: npm run audit -- [--content content] [--out reports/audit] [--strict-stale] [--errors-only] [--cache .generated/audit]'

export function main(args: string[] = process.argv.slice(2)): number {
  const parsed = parseCliArgs(
    {
      args,
      options: {
        content: { type: 'string', default: 'content' },
        out: { type: 'string', default: 'reports/audit' },
        'strict-stale': { type: 'boolean', default: false },
        'errors-only': { type: 'boolean', default: false },
        // The build passes it (build:audit in package.json): unchanged files are not parsed again (lib/audit/leaf-cache.ts).
        cache: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    },
    USAGE,
  )
  if (!parsed) return 2
  const opts = parsed.values
  if (opts.help) {
    console.log(USAGE)
    return 0
  }
  const github = process.env.GITHUB_ACTIONS === 'true'
  let result: AuditResult
  const cache = opts.cache ? leafCache(opts.cache) : undefined
  try {
    result = runAudit({ contentDir: resolve(opts.content), strictStale: opts['strict-stale'], leafCache: cache })
    cache?.save()
  } catch (error) {
    if (!(error instanceof AuditSetupError || error instanceof LockFileError)) throw error
    console.error(github ? `::error::${error.message}` : `error: ${error.message}`)
    return 2
  }
  const shown = result.problems.filter((p) => !p.quiet && (p.severity === 'error' || !opts['errors-only']))
  for (const severity of ['error', 'warning'] as const) {
    for (const p of shown) if (p.severity === severity) console.log(formatProblem(p, github))
  }
  writeReports(result, resolve(opts.out))
  console.log(`\n${summaryTable(result)}\n`)
  console.log(verdict(result))
  if (cache) console.log(`Parsed files: ${cache.hits} of ${cache.hits + cache.misses} unchanged, from ${opts.cache}`)
  console.log(`Reports: ${[AUDIT_FILES.summary, AUDIT_FILES.items, AUDIT_FILES.json].map((f) => `${opts.out}/${f}`).join(', ')}`)
  return result.ok ? 0 : 1
}

if (isEntryPoint(import.meta.url)) process.exitCode = main()
