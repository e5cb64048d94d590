// POST /functions/v1/submit-lead: the only way a lead gets into public.leads.
// Web-standard Request → Response; the contract is in docs/BACKEND.md ("The intake endpoint").
// The site's own schema (lib/leads/schema.ts), copied under supabase/ by `npm run functions:sync`.
import { leadSchema, stripBidi } from '../_shared/lead-schema.ts'
import { verifyCaptcha, type CaptchaConfig } from './captcha.ts'
import type { LeadStore } from './store.ts'
import { notifyLead, type NotifyConfig, type SendMail } from './notify.ts'

export const MAX_BODY_BYTES = 32 * 1024
export const RATE_LIMIT = 10
const ATTRIBUTION_MAX = 500
const BODY_KEYS = new Set(['lead', 'captchaToken', 'website', 'attribution'])
const ATTRIBUTION_COLUMNS = {
  landingPage: 'landing_page',
  referrer: 'referrer',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
} as const

export interface SubmitLeadDeps {
  store: LeadStore
  /** Salt for the client-IP hash in the rate-limit table (RATE_LIMIT_SALT). */
  rateLimitSalt: string
  rateLimit?: number
  captcha?: CaptchaConfig
  notify: NotifyConfig
  /** Overrides SMTP (tests). */
  sendMail?: SendMail
  /** Keeps the mail work alive after the response (EdgeRuntime.waitUntil on Supabase). */
  waitUntil?: (p: Promise<unknown>) => void
  /** Which browser origins may call; default any (the endpoint is public by design). */
  allowOrigin?: (origin: string) => boolean
  /** Called with the notification promise of every stored lead (tests await it). */
  onNotified?: (id: string, outcome: Promise<'sent' | 'failed'>) => void
}

type Issue = { path: (string | number)[]; message: string }

export function createSubmitLeadHandler(deps: SubmitLeadDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    const cors = corsHeaders(req, deps)
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', ...cors, ...headers },
      })
    const invalid = (issues: Issue[]) => json(400, { error: 'invalid', issues })

    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })
    if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' }, { Allow: 'POST, OPTIONS' })

    try {
      const raw = await readLimited(req)
      if (raw === 'too_large') return json(413, { error: 'too_large' })
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        return invalid([{ path: [], message: 'The body is not JSON' }])
      }
      // One request, one lead: arrays, batches and unknown envelopes are refused outright.
      if (!isPlainObject(body)) return invalid([{ path: [], message: 'One JSON object with a "lead" expected' }])
      const extra = Object.keys(body).filter((k) => !BODY_KEYS.has(k))
      if (extra.length) return invalid(extra.map((k) => ({ path: [k], message: 'Unknown field' })))
      if (!isPlainObject(body.lead)) return invalid([{ path: ['lead'], message: 'One lead object expected' }])

      // Honeypot: a bot that filled the hidden field gets a normal-looking success, nothing stored.
      if (body.website !== undefined && body.website !== null && body.website !== '') {
        const id = typeof body.lead.id === 'string' ? body.lead.id : crypto.randomUUID()
        return json(200, { id })
      }

      const parsed = leadSchema.safeParse(deepStripBidi(body.lead))
      if (!parsed.success) {
        return invalid(parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })))
      }
      const lead = parsed.data
      const ip = clientIp(req)

      if (deps.captcha) {
        const token = typeof body.captchaToken === 'string' ? body.captchaToken : ''
        if (!token || !(await verifyCaptcha(deps.captcha, token, ip))) return json(400, { error: 'captcha' })
      }

      const row: Record<string, unknown> = { ...lead, ...attributionColumns(body.attribution) }
      const ipHash = await sha256Hex(`${deps.rateLimitSalt}:${ip ?? 'unknown'}`)
      const result = await deps.store.intake(row, ipHash, deps.rateLimit ?? RATE_LIMIT)
      if (result.outcome === 'rate_limited') {
        return json(429, { error: 'rate_limited' }, { 'Retry-After': String(result.retry_after) })
      }
      if (result.outcome === 'duplicate') return json(200, { id: lead.id, duplicate: true })

      // Stored first; the mails follow without holding up the buyer's answer.
      const notified = notifyLead(row, deps.store, deps.notify, deps.sendMail)
      deps.onNotified?.(lead.id, notified)
      deps.waitUntil?.(notified)
      return json(201, { id: lead.id })
    } catch (e) {
      console.error('submit-lead: failed', e)
      return json(500, { error: 'server' })
    }
  }
}

function corsHeaders(req: Request, deps: SubmitLeadDeps): Record<string, string> {
  const origin = req.headers.get('origin')
  if (!origin) return {}
  if (deps.allowOrigin && !deps.allowOrigin(origin)) return {}
  return {
    'Access-Control-Allow-Origin': deps.allowOrigin ? origin : '*',
    Vary: 'Origin',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'apikey, authorization, content-type, x-client-info',
    'Access-Control-Expose-Headers': 'Retry-After',
    'Access-Control-Max-Age': '600',
  }
}

/** The body as text, or 'too_large' past 32 KB (counted while reading, not from Content-Length). */
async function readLimited(req: Request): Promise<string | 'too_large'> {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) return 'too_large'
  if (!req.body) return ''
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      return 'too_large'
    }
    chunks.push(value)
  }
  const all = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    all.set(c, at)
    at += c.byteLength
  }
  return new TextDecoder().decode(all)
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function deepStripBidi(v: unknown): unknown {
  if (typeof v === 'string') return stripBidi(v)
  if (Array.isArray(v)) return v.map(deepStripBidi)
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deepStripBidi(x)]))
  return v
}

// Attribution is nice to have: anything odd is dropped or cut, never a reason to lose the lead.
function attributionColumns(a: unknown): Record<string, string> {
  if (!isPlainObject(a)) return {}
  const out: Record<string, string> = {}
  for (const [key, column] of Object.entries(ATTRIBUTION_COLUMNS)) {
    const v = a[key]
    if (typeof v !== 'string') continue
    const clean = [...stripBidi(v).trim()].slice(0, ATTRIBUTION_MAX).join('')
    if (clean) out[column] = clean
  }
  return out
}

// Supabase's gateway puts the client address first in X-Forwarded-For; the local backend
// overwrites the header with the socket address, so a client cannot choose its own key.
function clientIp(req: Request): string | undefined {
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || undefined
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
