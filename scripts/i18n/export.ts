// npm run i18n:export -- <locale> [--out <file>] [--content content]
// Writes an XLIFF 2.0 file of every text <locale> lacks, has stale or has broken (default:
// reports/xliff/<locale>.xlf) for a translation agency's CAT tool. Bring it back with
// npm run i18n:import -- <file>. See TRANSLATING.md, "Working with an agency (XLIFF)".
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { AuditSetupError, loadAudit } from '../../lib/audit/run'
import { isEntryPoint, parseCliArgs } from '../cli-args'
import { ExportError, exportLocale } from '../../lib/i18n/xliff-export'
import { buildXliff } from '../../lib/i18n/xliff'

const USAGE = 'usage: npm run i18n:export -- <locale> [--out reports/xliff/<locale>.xlf] [--content content]'

export function main(args: string[] = process.argv.slice(2)): number {
  const parsed = parseCliArgs({ args, allowPositionals: true, options: { out: { type: 'string' }, content: { type: 'string', default: 'content' } } }, USAGE)
  if (!parsed) return 2
  const [locale, ...extra] = parsed.positionals
  if (!locale || extra.length) {
    console.error(USAGE)
    return 2
  }
  try {
    const { doc, missing, stale, broken } = exportLocale(loadAudit(resolve(parsed.values.content)), locale)
    const out = parsed.values.out ?? `reports/xliff/${locale}.xlf`
    mkdirSync(dirname(resolve(out)), { recursive: true })
    writeFileSync(out, buildXliff(doc))
    console.log(
      `${out}: ${missing} missing, ${stale} stale and ${broken} broken ${locale} text${missing + stale + broken === 1 ? '' : 's'} in ${doc.files.length} file${doc.files.length === 1 ? '' : 's'}`,
    )
    return 0
  } catch (error) {
    if (!(error instanceof ExportError || error instanceof AuditSetupError)) throw error
    console.error(`error: ${error.message}`)
    return 2
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = main()
