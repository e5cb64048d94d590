// Supabase Edge Function `submit-lead` (Deno). The local backend (server/local-supabase/) imports
// createSubmitLeadHandler and depsFromEnv from this same module and runs them in Node, with the
// same REST store against its own /rest/v1.
//
// The entry is a default export `{ fetch }`: Supabase's Edge Runtime serves it, and so does
// `deno serve --host 127.0.0.1 --port <n>`. The module never calls Deno.serve itself, so it
// binds no socket of its own choosing (Deno.serve's default is 0.0.0.0:8000).
//
// Secrets (docs/BACKEND.md): SMTP_URL, SALES_EMAIL, MAIL_FROM, SITE_URL, HCAPTCHA_SECRET or
// TURNSTILE_SECRET, CAPTCHA_HOSTNAMES, CAPTCHA_ACTION, RATE_LIMIT_SALT, ALLOWED_ORIGINS,
// CLIENT_IP_SOURCE, ACK_PER_RECIPIENT_PER_DAY, ACK_PER_CLIENT_PER_DAY, SUBMIT_LEAD_MODE,
// LEAD_WEBHOOK_URL, LEAD_WEBHOOK_SECRET, LEAD_WEBHOOK_BACKOFF. In
// production ALLOWED_ORIGINS, CLIENT_IP_SOURCE and a captcha secret are required (deployment.ts).
// Supabase itself sets SUPABASE_URL and the project keys: SUPABASE_SECRET_KEYS and
// SUPABASE_PUBLISHABLE_KEYS (JSON objects such as {"default":"sb_secret_…"}), and the legacy
// SUPABASE_SERVICE_ROLE_KEY and SUPABASE_ANON_KEY, which are being retired.
import { runtimeEnv, type Env } from './env.ts'
import { ConfigError, isProduction, requireSettings } from './deployment.ts'
import { captchaFromEnv } from './captcha.ts'
import { CLIENT_IP_SOURCES, isClientIpSource } from './client-ip.ts'
import { restStore, type ProjectKeys } from './store.ts'
import { backoffSetting } from './push.ts'
import { bearerToken, createSubmitLeadHandler, type SubmitLeadDeps, type SubmitLeadHandler } from './handler.ts'

export { createSubmitLeadHandler } from './handler.ts'
export type { ServeInfo, SubmitLeadDeps, SubmitLeadHandler } from './handler.ts'

declare const EdgeRuntime: { waitUntil(p: Promise<unknown>): void } | undefined

/** The first key of a SUPABASE_*_KEYS JSON object ("default" first), or undefined. */
function keyFromJson(raw: string | undefined, name: string): string | undefined {
  if (!raw) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new Error(`submit-lead: ${name} is not a JSON object of keys`)
  }
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`submit-lead: ${name} is not a JSON object of keys`)
  const keys = parsed as Record<string, unknown>
  const key = keys.default ?? Object.values(keys)[0]
  return typeof key === 'string' && key ? key : undefined
}

/** The project's keys: the new forms first, the legacy JWTs as a fallback. */
export function projectKeys(env: Env): ProjectKeys {
  const secret = keyFromJson(env('SUPABASE_SECRET_KEYS'), 'SUPABASE_SECRET_KEYS') ?? env('SUPABASE_SERVICE_ROLE_KEY')
  if (!secret) throw new Error('submit-lead: SUPABASE_SECRET_KEYS (or the legacy SUPABASE_SERVICE_ROLE_KEY) must be set')
  const publishable = keyFromJson(env('SUPABASE_PUBLISHABLE_KEYS'), 'SUPABASE_PUBLISHABLE_KEYS') ?? env('SUPABASE_ANON_KEY')
  return { secret, publishable }
}

/** Constant-time comparison, so the secret cannot be guessed byte by byte from response times. */
function sameKey(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a)
  const y = new TextEncoder().encode(b)
  let diff = x.length ^ y.length
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0)
  return diff === 0
}

const positive = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined)

export function depsFromEnv(env: Env = runtimeEnv): SubmitLeadDeps {
  const url = env('SUPABASE_URL')
  if (!url) throw new Error('submit-lead: SUPABASE_URL must be set')
  const keys = projectKeys(env)
  const production = isProduction(env)
  const origins = env('ALLOWED_ORIGINS')
    ?.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  const ipSetting = env('CLIENT_IP_SOURCE')?.toLowerCase()
  if (ipSetting && !isClientIpSource(ipSetting)) throw new ConfigError(`CLIENT_IP_SOURCE is "${ipSetting}"; use one of ${CLIENT_IP_SOURCES.join(', ')}`)
  const ipSource = isClientIpSource(ipSetting) ? ipSetting : undefined
  const captcha = captchaFromEnv(env)
  if (production) {
    const missing: [string, string][] = []
    if (!origins?.length) missing.push(['ALLOWED_ORIGINS', "(the site's origins; without it any website could call the function from its visitors' browsers)"])
    if (!ipSource)
      missing.push([
        'CLIENT_IP_SOURCE',
        `(${CLIENT_IP_SOURCES.join(' | ')}: which address the deployment trusts; a guess lets clients pick their own and escape the rate limit)`,
      ])
    if (!captcha) missing.push(['HCAPTCHA_SECRET or TURNSTILE_SECRET', '(the captcha is verified on the server; without a secret every lead is refused)'])
    requireSettings(missing)
  }
  if (env('ACK_PER_HOUR')) console.warn('submit-lead: ACK_PER_HOUR is no longer read; the budget is per client network (ACK_PER_CLIENT_PER_DAY)')
  const salt = env('RATE_LIMIT_SALT')
  if (!salt) console.warn('submit-lead: RATE_LIMIT_SALT is not set; client IP hashes use an unsalted default')
  return {
    store: restStore(url, keys),
    rateLimitSalt: salt ?? 'submit-lead',
    ackLimits: { perRecipientPerDay: positive(env('ACK_PER_RECIPIENT_PER_DAY')), perClientPerDay: positive(env('ACK_PER_CLIENT_PER_DAY')) },
    captcha,
    clientIpSource: ipSource,
    notify: {
      smtpUrl: env('SMTP_URL'),
      salesEmail: env('SALES_EMAIL'),
      from: env('MAIL_FROM'),
      siteUrl: env('SITE_URL'),
    },
    webhook: { url: env('LEAD_WEBHOOK_URL'), secret: env('LEAD_WEBHOOK_SECRET'), backoffSeconds: backoffSetting(env('LEAD_WEBHOOK_BACKOFF')) },
    waitUntil: typeof EdgeRuntime !== 'undefined' ? (p) => EdgeRuntime.waitUntil(p) : undefined,
    allowOrigin: origins?.length ? (o) => origins.includes(o) : undefined,
    production,
    // The scheduled retry job presents the secret key (apikey header or bearer).
    isServiceCaller: (req) => {
      const given = [req.headers.get('apikey'), bearerToken(req)]
      return given.some((k) => !!k && sameKey(k, keys.secret))
    },
  }
}

let configured: SubmitLeadHandler | undefined
export const handler: SubmitLeadHandler = async (req, info) => {
  try {
    configured ??= createSubmitLeadHandler(depsFromEnv())
  } catch (e) {
    console.error(e instanceof Error ? e.message : e)
    // A deployment without a required setting says which, to every caller: the names only.
    if (e instanceof ConfigError) {
      return new Response(JSON.stringify({ error: 'not_configured', reason: e.message }), { status: 503, headers: { 'Content-Type': 'application/json' } })
    }
    return new Response(JSON.stringify({ error: 'server' }), { status: 500, headers: { 'Content-Type': 'application/json' } })
  }
  return configured(req, info)
}

export default { fetch: handler }
