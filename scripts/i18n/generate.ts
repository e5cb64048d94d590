// npm run i18n:generate [-- --check]: writes lib/i18n/locale-codes.ts and lib/i18n/ui-keys.ts
// from content/ (see lib/i18n/generate.ts). --check only reports whether they are current.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { generatedFiles } from '../../lib/i18n/generate'

const check = process.argv.includes('--check')
let stale = 0
for (const [file, text] of Object.entries(generatedFiles(resolve('content')))) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : ''
  if (current === text) continue
  stale++
  if (check) console.error(`${file}: out of date with content/: run npm run i18n:generate`)
  else {
    // Written whole or not at all: the documents step, which runs side by side with this one,
    // may import locale-codes.ts at that moment (scripts/build-steps.ts).
    writeFileSync(`${file}.tmp`, text)
    renameSync(`${file}.tmp`, file)
    console.log(`${file}: written`)
  }
}
process.exitCode = check && stale ? 1 : 0
