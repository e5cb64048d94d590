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

/**
 * Any build, deployment or not: a hosted VITE_SUPABASE_URL without its key would otherwise
 * fall back to the local demo key (lib/supabase/config.ts) and ship forms that the hosted
 * project refuses, without a word. Half a configuration is always a mistake.
 */
export function partialSupabaseProblems(env: Env): string[] {
  const url = env.VITE_SUPABASE_URL?.trim()
  const key = env.VITE_SUPABASE_ANON_KEY?.trim()
  if (url && !key)
    return [
      `VITE_SUPABASE_URL is set but VITE_SUPABASE_ANON_KEY is not: set the project's publishable (anon) key too, or unset both for the local backend (${WHERE_KEYS}).`,
    ]
  if (key && !url)
    return [`VITE_SUPABASE_ANON_KEY is set but VITE_SUPABASE_URL is not: set the project URL too, or unset both for the local backend (${WHERE_KEYS}).`]
  return []
}

/**
 * A production deployment needs the captcha: without it any script can post leads and trigger
 * mail from the company's domain at the rate limit of every address it can use. The secret half
 * (HCAPTCHA_SECRET) is a function secret (docs/HOSTING.md); the site key is public.
 */
export function captchaProblems(env: Env): string[] {
  if (env.VITE_HCAPTCHA_SITE_KEY?.trim()) return []
  return [
    'VITE_HCAPTCHA_SITE_KEY is not set: set the hCaptcha site key (hCaptcha dashboard → Sites), and HCAPTCHA_SECRET as a secret of the submit-lead function (docs/HOSTING.md).',
  ]
}

// Values shipped in content/facts.yml that only the fictional example company has.
const SHIPPED_EXAMPLES: Record<string, string> = {
  legalName: 'Elastinet Ambalaj San. ve Tic. A.Ş.',
  phone: '+90 212 555 01 00',
  whatsapp: '902125550100',
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
    ['legalName', (v) => /\(example\)/i.test(v) || v === SHIPPED_EXAMPLES.legalName, "the company's registered name"],
    ['phone', (v) => v === SHIPPED_EXAMPLES.phone, "the sales team's phone number"],
    ['whatsapp', (v) => v === SHIPPED_EXAMPLES.whatsapp, "the sales team's WhatsApp number (digits only)"],
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
