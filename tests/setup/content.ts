// Global setup of the unit tests (vitest.config.ts). lib/content/data.ts reads velite's output
// (.velite/, or CONTENT_OUT) when it is imported, and a fresh clone has none: then this writes it
// with the build's own first step, `npm run build:content`. An existing output is left as it is
// (`npm test` builds before the unit tests).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { contentOutDir } from '../../lib/content/output-dir'

export default function writeContentIfMissing(): void {
  const out = contentOutDir()
  if (existsSync(join(out, 'index.js'))) return
  console.log(`${out} is missing: npm run build:content writes it`)
  const run = spawnSync('npm', ['run', '--silent', 'build:content'], { stdio: 'inherit' })
  if (run.status !== 0) throw new Error(`npm run build:content failed (exit ${run.status ?? run.signal}): the unit tests read the content it writes to ${out}`)
}
