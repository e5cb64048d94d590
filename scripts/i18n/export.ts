// npm run i18n:export -- <locale> [--review | --all] [--out <file>] [--content content] [--usage <file>]
// Writes an XLIFF 2.0 file of every text <locale> lacks, has stale or has broken (default:
// reports/xliff/<locale>.xlf) for a translation agency's CAT tool, and the term base as TBX
// beside it (<locale>.tbx). --review adds the current translations not yet reviewed (for a
// reviewer), --all every current translation. Bring it back with npm run i18n:import -- <file>.
// A UI key's context note names the pages it is on, from the last build's
// dist/ui-key-usage.json (--usage; lib/i18n/key-usage.ts), when there is one.
// See TRANSLATING.md, "Working with an agency (XLIFF)".
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { AuditSetupError, loadAudit } from '../../lib/audit/run'
import { isEntryPoint, parseCliArgs } from '../cli-args'
import { ExportError, exportLocale } from '../../lib/audit/xliff/xliff-export'
import { KEY_USAGE_FILE, readKeyUsage } from '../../lib/i18n/key-usage'
import { buildTbx } from '../../lib/audit/xliff/tbx'
import { buildXliff } from '../../lib/audit/xliff/xliff'

const USAGE =
  'usage: npm run i18n:export -- <locale> [--review | --all] [--out reports/xliff/<locale>.xlf] [--content content] [--usage dist/ui-key-usage.json]'

export function main(args: string[] = process.argv.slice(2)): number {
  const parsed = parseCliArgs(
    {
      args,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        review: { type: 'boolean', default: false },
        all: { type: 'boolean', default: false },
        content: { type: 'string', default: 'content' },
        usage: { type: 'string', default: KEY_USAGE_FILE },
      },
    },
    USAGE,
  )
  if (!parsed) return 2
  const [locale, ...extra] = parsed.positionals
  if (!locale || extra.length || (parsed.values.review && parsed.values.all)) {
    console.error(USAGE)
    return 2
  }
  try {
    const input = loadAudit(resolve(parsed.values.content))
    const scope = parsed.values.all ? 'all' : parsed.values.review ? 'review' : 'needed'
    const { doc, missing, stale, broken, current } = exportLocale(input, locale, scope, readKeyUsage(parsed.values.usage))
    const out = parsed.values.out ?? `reports/xliff/${locale}.xlf`
    mkdirSync(dirname(resolve(out)), { recursive: true })
    writeFileSync(out, buildXliff(doc))
    const tbx = out.replace(/(\.xlf|\.xliff)?$/, '.tbx')
    const terms = buildTbx(input.qaRules, input.routes.locales[0]!, [locale])
    writeFileSync(tbx, terms.xml)
    const n = missing + stale + broken + current
    const also = scope === 'needed' ? '' : ` and ${current} current`
    console.log(
      `${out}: ${missing} missing, ${stale} stale and ${broken} broken${also} ${locale} text${n === 1 ? '' : 's'} in ${doc.files.length} file${doc.files.length === 1 ? '' : 's'}`,
    )
    console.log(`${tbx}: ${terms.concepts} term base concept${terms.concepts === 1 ? '' : 's'} (TBX-Basic)`)
    return 0
  } catch (error) {
    if (!(error instanceof ExportError || error instanceof AuditSetupError)) throw error
    console.error(`error: ${error.message}`)
    return 2
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = main()
