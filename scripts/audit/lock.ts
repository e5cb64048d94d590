// npm run audit:lock -- --locale tr [--file content/pages/home/tr.yml ...] [--content content]
// After updating a translation: records the hash of the English text each translated text now
// matches (content/i18n-lock/<locale>.yml), so the audit stops reporting it as stale.
// --locale may be repeated; "all" means every locale but the source language.
import { resolve, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { readLock, updateLock, writeLock } from '../../lib/audit/lock'
import { AuditSetupError, loadAudit } from '../../lib/audit/run'

const USAGE = 'usage: npm run audit:lock -- --locale <code|all> [--file <translation file> ...] [--content content]'

function main(): number {
  let args
  try {
    args = parseArgs({
      options: {
        locale: { type: 'string', multiple: true, default: [] },
        file: { type: 'string', multiple: true, default: [] },
        content: { type: 'string', default: 'content' },
      },
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  let input
  try {
    input = loadAudit(resolve(args.content))
  } catch (error) {
    if (!(error instanceof AuditSetupError)) throw error
    console.error(`error: ${error.message}`)
    return 2
  }
  const [source, ...others] = input.routes.locales
  const wanted = args.locale.flatMap((l) => l.split(',')).flatMap((l) => (l === 'all' ? others : [l]))
  if (!wanted.length) {
    console.error(`error: --locale is required (one of ${others.join(', ')}, or all)\n${USAGE}`)
    return 2
  }
  const unknown = wanted.filter((l) => !others.includes(l))
  if (unknown.length) {
    console.error(`error: --locale ${unknown.join(', ')}: not a translated locale (${others.join(', ')}; ${source} is the source language)`)
    return 2
  }
  const english = input.byLocale.get(source!)
  if (!english) {
    console.error(`error: no ${source} content found under ${args.content}`)
    return 2
  }
  const files = args.file.length ? new Set(args.file.map((f) => relative(process.cwd(), resolve(f)).split('\\').join('/'))) : undefined
  for (const locale of wanted) {
    const target = input.byLocale.get(locale)
    const foreign = [...(files ?? [])].filter((f) => !target?.files.has(f))
    if (foreign.length) {
      console.error(`error: --file ${foreign.join(', ')}: not a ${locale} translation file under ${args.content}`)
      return 2
    }
    const rel = input.config.lock.replace('{locale}', locale)
    const path = resolve(args.content, rel)
    const lock = readLock(path, input.show(rel))
    const result = updateLock(lock, english, target, files)
    writeLock(path, lock, locale)
    console.log(`${input.show(rel)}: ${result.recorded} recorded, ${result.refreshed} re-recorded (were stale), ${result.removed} removed; ${lock.size} in total`)
  }
  return 0
}

process.exitCode = main()
