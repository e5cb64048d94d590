// First step of `npm run build`: on a deployment build (lib/build/production-guard.ts) stop with a
// message naming exactly what to set, before anything is built. `--production` forces the check
// (`npm run build:production`). Reads .env files the way Vite will for the bundle.
import { readFileSync } from 'node:fs'
import { loadBuildEnv } from '../lib/build/build-env'
import {
  captchaProblems,
  deployment,
  exampleFactProblems,
  partialSupabaseProblems,
  productionBuildError,
  supabaseProblems,
} from '../lib/build/production-guard'

const env = { ...(await loadBuildEnv('production', process.cwd(), '')), ...process.env }
const deploy = deployment(env, process.argv.includes('--production'))
const partial = partialSupabaseProblems(env)
if (!deploy && partial.length) {
  console.error(productionBuildError('half a Supabase configuration', partial))
  process.exit(1)
}
if (deploy) {
  const facts = exampleFactProblems(readFileSync('content/facts.yml', 'utf8'))
  const problems = [...supabaseProblems(env), ...(deploy.preview ? [] : [...captchaProblems(env), ...facts])]
  if (problems.length) {
    console.error(productionBuildError(deploy.reason, problems))
    process.exit(1)
  }
  for (const f of deploy.preview ? facts : []) console.warn(`production-guard (preview, not blocking): ${f}`)
  console.log(`production-guard: ${deploy.reason}: Supabase settings${deploy.preview ? '' : ' and business details'} are set`)
}
