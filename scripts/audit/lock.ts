// npm run audit:lock -- --file content/pages/home/tr.yml [--key blocks.0.heading ...]
// npm run audit:lock -- --locale tr [--file ...] [--content content]
// After updating (or reviewing) a translation: records the hash of the English text each
// translated text now matches, in the lock file of its translation file
// (content/i18n-lock/<same path>.yml), so the audit stops reporting it as stale.
// --file and --key may be repeated: --key limits it to those texts (the audit prints this exact
// command for each stale text). The locale comes from --file, or --locale ("all": every locale
// but the source language; without --file the whole language is re-recorded).
// Review states (TRANSLATING.md, "Review states"): a text keeps its state while its English is
// unchanged; --state reviewed (or initial, translated, final) sets it for the texts recorded; a
// stale text re-recorded goes back to "translated" unless --keep-state (an English fix that
// changes no meaning).
import { relative, resolve } from 'node:path'
import { isReviewState, REVIEW_STATES, readLocaleLock, updateLock, writeLocaleLock } from '../../lib/audit/lock'
import { type AuditInput, AuditSetupError, loadAudit } from '../../lib/audit/run'
import { isEntryPoint, parseCliArgs } from '../cli-args'

const USAGE =
  'usage: npm run audit:lock -- (--file <translation file> [--key <key> ...] ... | --locale <code|all> [--file ...]) [--state initial|translated|reviewed|final | --keep-state] [--content content]'

export function main(args: string[] = process.argv.slice(2)): number {
  const parsed = parseCliArgs(
    {
      args,
      options: {
        locale: { type: 'string', multiple: true, default: [] },
        file: { type: 'string', multiple: true, default: [] },
        key: { type: 'string', multiple: true, default: [] },
        state: { type: 'string' },
        'keep-state': { type: 'boolean', default: false },
        content: { type: 'string', default: 'content' },
      },
    },
    USAGE,
  )
  if (!parsed) return 2
  const opts = parsed.values
  const state = opts.state
  if (state !== undefined && !isReviewState(state)) {
    console.error(`error: --state ${state}: one of ${REVIEW_STATES.join(', ')}`)
    return 2
  }
  if (state && opts['keep-state']) {
    console.error(`error: --state and --keep-state exclude each other\n${USAGE}`)
    return 2
  }
  let input: AuditInput
  try {
    input = loadAudit(resolve(opts.content))
  } catch (error) {
    if (!(error instanceof AuditSetupError)) throw error
    console.error(`error: ${error.message}`)
    return 2
  }
  const [source, ...others] = input.routes.locales
  const files = opts.file.length ? new Set(opts.file.map((f) => relative(process.cwd(), resolve(f)).split('\\').join('/'))) : undefined
  const localeOf = (file: string) => others.find((l) => input.byLocale.get(l)?.files.has(file))
  let wanted = opts.locale.flatMap((l) => l.split(',')).flatMap((l) => (l === 'all' ? others : [l]))
  if (!wanted.length && files) {
    const foreign = [...files].filter((f) => !localeOf(f))
    if (foreign.length) {
      console.error(`error: --file ${foreign.join(', ')}: not a translation file under ${opts.content} (the ${source} source files have no lock)`)
      return 2
    }
    wanted = [...new Set([...files].map((f) => localeOf(f)!))]
  }
  if (!wanted.length) {
    console.error(`error: give --file, or --locale (one of ${others.join(', ')}, or all)\n${USAGE}`)
    return 2
  }
  const unknown = wanted.filter((l) => !others.includes(l))
  if (unknown.length) {
    console.error(`error: --locale ${unknown.join(', ')}: not a translated locale (${others.join(', ')}; ${source} is the source language)`)
    return 2
  }
  if (opts.key.length && !files) {
    console.error(`error: --key needs the --file it is in\n${USAGE}`)
    return 2
  }
  const english = input.byLocale.get(source!)
  if (!english) {
    console.error(`error: no ${source} content found under ${opts.content}`)
    return 2
  }
  const foreign = [...(files ?? [])].filter((f) => !wanted.some((l) => input.byLocale.get(l)?.files.has(f)))
  if (foreign.length) {
    console.error(`error: --file ${foreign.join(', ')}: not a ${wanted.join('/')} translation file under ${opts.content}`)
    return 2
  }
  const keys = opts.key.length ? new Set(opts.key) : undefined
  for (const locale of wanted) {
    const target = input.byLocale.get(locale)
    const own = files && [...files].filter((f) => target?.files.has(f))
    if (keys) {
      const known = new Set([...(target?.units.values() ?? [])].filter((u) => own!.includes(u.at.file)).map((u) => u.key))
      const missing = [...keys].filter((k) => !known.has(k))
      if (missing.length) {
        console.error(`error: --key ${missing.join(', ')}: no such text in ${own!.join(', ')}`)
        return 2
      }
    }
    const locked = readLocaleLock(input.contentDir, input.config.lock, target?.files.values() ?? [], input.show)
    const result = updateLock(locked.lock, english, target, { files: own && new Set(own), keys, state, keepState: opts['keep-state'] })
    const written = writeLocaleLock(input.contentDir, input.config.lock, locked, target)
    const where = written.length ? written.map(input.show).join(', ') : 'no lock file changed'
    const restated = result.restated ? `, ${result.restated} set to ${state}` : ''
    console.log(`${locale}: ${result.recorded} recorded, ${result.refreshed} re-recorded (were stale), ${result.removed} removed${restated}; ${where}`)
  }
  return 0
}

if (isEntryPoint(import.meta.url)) process.exitCode = main()
