// `npm run build`: the build steps of scripts/build-steps.ts, phase by phase, with their
// full output; stops after the first phase with a failing step. A phase of one step prints as it
// goes; the steps of a phase that run side by side print their output one after the other when
// the phase ends. `npm run build:quiet` runs the same steps captured.
import { spawnSync } from 'node:child_process'
import { bundlesFor, PHASES, runPhase } from './build-steps'

for (const phase of PHASES) {
  if (phase.length === 1) {
    const step = phase[0]!
    const [cmd, ...args] = step.argv(process.cwd(), await bundlesFor(process.cwd(), phase))
    const start = performance.now()
    const r = spawnSync(cmd!, args, { stdio: 'inherit' })
    if (r.status !== 0) {
      console.error(`build: ${step.step} failed${r.error ? ` (${r.error.message})` : ''}`)
      process.exit(r.status ?? 1)
    }
    console.log(`build: ${step.step} done in ${((performance.now() - start) / 1000).toFixed(1)} s`)
    continue
  }
  const results = await runPhase(process.cwd(), phase)
  for (const { result, output } of results) {
    if (output) console.log(output)
    console.log(`build: ${result.step} ${result.ok ? 'done' : 'FAILED'} in ${(result.ms / 1000).toFixed(1)} s (alongside ${phase.length - 1} other step(s))`)
  }
  const failed = results.filter((r) => !r.result.ok).map((r) => r.result.step)
  if (failed.length) {
    console.error(`build: ${failed.join(', ')} failed`)
    process.exit(1)
  }
}
