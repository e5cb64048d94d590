// npm run i18n:generate [-- --check | --build]: writes lib/i18n/locale-codes.ts and
// lib/i18n/ui-keys.ts from content/ (see lib/i18n/generate.ts). --check only reports whether they
// are current.
// --build (build:ui-keys in turbo.json) writes the UI key types, which only the typecheck reads,
// and checks the locale list: the bundles import locale-codes.ts, and the build bundles while this
// task runs, so a new language is added with `npm run i18n:generate` before the build, never by it.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { GENERATED, generatedFiles } from '../../lib/i18n/generate'

const check = process.argv.includes('--check')
const build = process.argv.includes('--build')
let stale = 0
for (const [file, text] of Object.entries(generatedFiles(resolve('content')))) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : ''
  if (current === text) continue
  if (check || (build && file === GENERATED.locales)) {
    stale++
    console.error(`${file}: out of date with content/: run npm run i18n:generate`)
  } else {
    // Written whole or not at all: the steps that run beside this one may be importing it.
    writeFileSync(`${file}.tmp`, text)
    renameSync(`${file}.tmp`, file)
    console.log(`${file}: written`)
  }
}
process.exitCode = stale ? 1 : 0
