// `npm run build:quiet`, the build step of `npm test`: the same steps as `npm run build`
// (scripts/build-steps.ts) with their output captured, so the test run shows failures
// rather than 600 lines of file listings. It prints one summary line; the whole output goes to
// reports/build.log. When a step fails it prints that step's whole output and exits non-zero
// (after the other steps of its phase, which run side by side with it, have ended).
// `npm run build` keeps the full listing.
import { mkdirSync, writeFileSync } from 'node:fs'
import { failureText, isWarningLine, PHASES, runPhase } from './build-steps'

const LOG = 'reports/build.log'
const parts: string[] = []
const log: string[] = []
let warnings = 0
for (const phase of PHASES) {
  // vite.config.ts reads BUILD_LOG_LEVEL: Vite's own file listing is skipped (Vike's prerender
  // listing is not Vite's, hence the capture).
  const results = await runPhase(process.cwd(), phase, { BUILD_LOG_LEVEL: 'warn' })
  for (const { result, output } of results) log.push(`## ${result.step} (${Math.round(result.ms)} ms, ${result.ok ? 'ok' : 'FAILED'})\n${output}\n`)
  mkdirSync('reports', { recursive: true })
  writeFileSync(LOG, log.join('\n'))
  const failed = results.filter((r) => !r.result.ok)
  if (failed.length) {
    for (const { result, output } of failed) console.error(`build: ${result.step} failed after ${(result.ms / 1000).toFixed(1)} s:\n${failureText(output)}\n`)
    console.error(`(all steps: ${LOG})`)
    process.exit(1)
  }
  for (const { result, output } of results) {
    warnings += output.split('\n').filter(isWarningLine).length
    // The audit's verdict and the postbuild count are worth one line each.
    const verdict = output.split('\n').find((l) => /^(Localization audit|postbuild:)/.test(l.trim()))
    const time = result.reused ? 'not run, inputs unchanged' : `${(result.ms / 1000).toFixed(1)} s${phase.length > 1 ? ' (side by side)' : ''}`
    parts.push(`${result.step} ${time}${verdict ? ` (${verdict.trim()})` : ''}`)
  }
}
console.log(`build: ${parts.join('; ')}${warnings ? `; ${warnings} warning line(s) in ${LOG}` : ''}`)
