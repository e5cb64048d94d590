// npm run i18n:import -- <file.xlf> [--content content]
// Writes the translations of an XLIFF 2.0 file (made by npm run i18n:export) back into the YAML
// and MDX files of content/, and records them in the lock files when their English text has not
// changed since the export. Then run npm run audit.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { AuditSetupError, loadAudit } from '../../lib/audit/run'
import { isEntryPoint, parseCliArgs } from '../cli-args'
import { ImportError, importXliff } from '../../lib/audit/xliff/xliff-import'
import { XliffError } from '../../lib/audit/xliff/xliff'

const USAGE = 'usage: npm run i18n:import -- <file.xlf> [--content content]'

export function main(args: string[] = process.argv.slice(2)): number {
  const parsed = parseCliArgs({ args, allowPositionals: true, options: { content: { type: 'string', default: 'content' } } }, USAGE)
  if (!parsed) return 2
  const [file, ...extra] = parsed.positionals
  if (!file || extra.length) {
    console.error(USAGE)
    return 2
  }
  if (!existsSync(file)) {
    console.error(`error: ${file}: not found`)
    return 2
  }
  try {
    const result = importXliff(readFileSync(file, 'utf8'), loadAudit(resolve(parsed.values.content)), file)
    for (const written of result.written) console.log(`${written}: written`)
    for (const skipped of result.skipped) console.log(`skipped: ${skipped}`)
    const states = Object.entries(result.states)
      .map(([state, n]) => `${n} ${state}`)
      .join(', ')
    console.log(
      `${result.locale}: ${result.imported} text${result.imported === 1 ? '' : 's'} imported, ${result.locked} recorded as current${states ? ` (${states})` : ''}; now run npm run audit`,
    )
    return 0
  } catch (error) {
    if (!(error instanceof ImportError || error instanceof XliffError || error instanceof AuditSetupError)) throw error
    console.error(`error: ${error.message}`)
    return 2
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = main()
