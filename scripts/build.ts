// `npm run build`: the build steps of scripts/bench/build-steps.ts in order, with their full
// output; stops at the first failing step. `npm run build:quiet` runs the same steps captured.
import { spawnSync } from 'node:child_process'
import { STEPS } from './bench/build-steps'

for (const step of STEPS) {
  const [cmd, ...args] = step.argv(process.cwd())
  const start = performance.now()
  const r = spawnSync(cmd!, args, { stdio: 'inherit' })
  if (r.status !== 0) {
    console.error(`build: ${step.step} failed${r.error ? ` (${r.error.message})` : ''}`)
    process.exit(r.status ?? 1)
  }
  console.log(`build: ${step.step} done in ${((performance.now() - start) / 1000).toFixed(1)} s`)
}
