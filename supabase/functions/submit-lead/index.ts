// Supabase Edge Function `submit-lead` (Deno). The local backend (server/local-supabase/) imports
// createSubmitLeadHandler from this same module and runs it in Node with a PGlite store.
//
// Secrets (docs/BACKEND.md): SMTP_URL, SALES_EMAIL, MAIL_FROM, SITE_URL, HCAPTCHA_SECRET or
// TURNSTILE_SECRET, RATE_LIMIT_SALT, ALLOWED_ORIGINS. SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY
// are set by Supabase itself.
import { runtimeEnv, type Env } from './env.ts'
import { captchaFromEnv } from './captcha.ts'
import { restStore } from './store.ts'
import { createSubmitLeadHandler, type SubmitLeadDeps } from './handler.ts'

export { createSubmitLeadHandler } from './handler.ts'
export type { SubmitLeadDeps } from './handler.ts'

declare const Deno: { serve(handler: (req: Request) => Promise<Response>): unknown } | undefined
declare const EdgeRuntime: { waitUntil(p: Promise<unknown>): void } | undefined

export function depsFromEnv(env: Env = runtimeEnv): SubmitLeadDeps {
  const url = env('SUPABASE_URL')
  const key = env('SUPABASE_SERVICE_ROLE_KEY')
  if (!url || !key) throw new Error('submit-lead: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set')
  const origins = env('ALLOWED_ORIGINS')
    ?.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  const salt = env('RATE_LIMIT_SALT')
  if (!salt) console.warn('submit-lead: RATE_LIMIT_SALT is not set; client IP hashes use an unsalted default')
  return {
    store: restStore(url, key),
    rateLimitSalt: salt ?? 'submit-lead',
    captcha: captchaFromEnv(env),
    notify: {
      smtpUrl: env('SMTP_URL'),
      salesEmail: env('SALES_EMAIL'),
      from: env('MAIL_FROM'),
      siteUrl: env('SITE_URL'),
    },
    waitUntil: typeof EdgeRuntime !== 'undefined' ? (p) => EdgeRuntime.waitUntil(p) : undefined,
    allowOrigin: origins?.length ? (o) => origins.includes(o) : undefined,
  }
}

let configured: ((req: Request) => Promise<Response>) | undefined
export const handler = async (req: Request): Promise<Response> => {
  try {
    configured ??= createSubmitLeadHandler(depsFromEnv())
  } catch (e) {
    console.error(e)
    return new Response(JSON.stringify({ error: 'server' }), { status: 500, headers: { 'Content-Type': 'application/json' } })
  }
  return configured(req)
}
export default handler

if (typeof Deno !== 'undefined') Deno.serve(handler)
