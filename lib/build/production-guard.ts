// A deployment build must not ship forms that post to this machine, nor the example business
// details. Deployment builds: Cloudflare Pages (sets CF_PAGES), Netlify (sets NETLIFY), the
// release workflow (sets DEPLOY=1) and `npm run build:production`. Local builds and `npm start`
// keep the local Supabase stand-in (lib/supabase/config.ts).
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml'
import { LOCAL_SUPABASE_ANON_KEY } from '../supabase/config'

export type Env = Record<string, string | undefined>

const on = (v: string | undefined) => v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false'

export type Deployment = { reason: string; preview: boolean }

/**
 * Why this is a deployment build, or undefined for a local one. A preview (DEPLOY=preview, a
 * Netlify deploy preview) needs working forms but may still carry the example business details
 * (previews are for reviewing a change, not for buyers); a production build needs both.
 */
export function deployment(env: Env, forced = false): Deployment | undefined {
  if (forced) return { reason: 'npm run build:production', preview: false }
  if (env.DEPLOY === 'preview') return { reason: 'preview deployment (DEPLOY=preview)', preview: true }
  if (on(env.CF_PAGES)) return { reason: 'Cloudflare Pages build (CF_PAGES is set)', preview: false }
  if (on(env.NETLIFY))
    return {
      reason: `Netlify build (NETLIFY is set${env.CONTEXT ? `, CONTEXT=${env.CONTEXT}` : ''})`,
      preview: env.CONTEXT === 'deploy-preview' || env.CONTEXT === 'branch-deploy',
    }
  if (on(env.DEPLOY)) return { reason: `deployment build (DEPLOY=${env.DEPLOY})`, preview: false }
  return undefined
}

const WHERE_KEYS = 'Supabase dashboard → Project Settings → API'

function jwtRole(key: string): string | undefined {
  const payload = key.split('.')[1]
  if (!payload) return undefined
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).role
  } catch {
    return undefined
  }
}

export function supabaseProblems(env: Env): string[] {
  const url = env.VITE_SUPABASE_URL?.trim()
  const key = env.VITE_SUPABASE_ANON_KEY?.trim()
  const problems: string[] = []
  if (!url) problems.push(`VITE_SUPABASE_URL is not set: set it to the project URL, https://<project-ref>.supabase.co (${WHERE_KEYS}).`)
  else {
    let parsed: URL | undefined
    try {
      parsed = new URL(url)
    } catch {
      problems.push(`VITE_SUPABASE_URL "${url}" is not a URL: set it to https://<project-ref>.supabase.co (${WHERE_KEYS}).`)
    }
    if (parsed && (parsed.protocol !== 'https:' || /^(localhost|127\.|0\.0\.0\.0|\[::1\])/.test(parsed.hostname)))
      problems.push(`VITE_SUPABASE_URL "${url}" is a local address: set it to the hosted project, https://<project-ref>.supabase.co (${WHERE_KEYS}).`)
  }
  if (!key) problems.push(`VITE_SUPABASE_ANON_KEY is not set: set it to the project's anon (public) key (${WHERE_KEYS}).`)
  else if (key === LOCAL_SUPABASE_ANON_KEY)
    problems.push(`VITE_SUPABASE_ANON_KEY is the local demo key: set it to the hosted project's anon (public) key (${WHERE_KEYS}).`)
  else if (key.startsWith('sb_secret_') || jwtRole(key) === 'service_role')
    problems.push(
      `VITE_SUPABASE_ANON_KEY is a secret (service_role) key, which bypasses row level security and must never reach the browser: set the anon (public) key instead (${WHERE_KEYS}).`,
    )
  return problems
}

/** The shipped example values in content/facts.yml (business:), with their line numbers. */
export function exampleFactProblems(factsYaml: string, file = 'content/facts.yml'): string[] {
  const lines = new LineCounter()
  const doc = parseDocument(factsYaml, { lineCounter: lines })
  const business = doc.get('business', true)
  if (!isMap(business)) return [`${file}: business: is missing`]
  const checks: [string, (v: string) => boolean, string][] = [
    ['email', (v) => /@(.+\.)?example\.(com|org|net)$|\.(example|test|invalid)$/i.test(v), "the company's real sales address"],
    [
      'siteUrl',
      (v) => /(^|[/.-])example([.-]|$)|localhost|127\.0\.0\.1/i.test(v.replace(/^https?:\/\//, '')),
      'the real site address, e.g. https://www.<company-domain>',
    ],
    ['legalName', (v) => /\(example\)/i.test(v), "the company's registered name"],
  ]
  const problems: string[] = []
  for (const [field, isExample, what] of checks) {
    const node = business.get(field, true)
    const value = isScalar(node) ? String(node.value) : undefined
    if (value === undefined || !isExample(value)) continue
    const line = node && isScalar(node) && node.range ? lines.linePos(node.range[0]).line : undefined
    problems.push(`${file}${line ? `:${line}` : ''} business.${field} is the example value "${value}": replace it with ${what}.`)
  }
  return problems
}

export function productionBuildError(reason: string, problems: string[]): string {
  return [
    `Production build stopped (${reason}):`,
    ...problems.map((p) => `  - ${p}`),
    'Set the variables where the build runs: Cloudflare Pages → Settings → Variables and Secrets; Netlify → Site configuration →',
    'Environment variables; GitHub Actions → repository secrets (README, "Deploying"). A local build (`npm run build` without',
    'CF_PAGES, NETLIFY or DEPLOY) keeps the local backend instead.',
  ].join('\n')
}
