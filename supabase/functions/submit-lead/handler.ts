// /functions/v1/submit-lead: the only way a lead gets into public.leads, and the way its mails
// are sent again. Web-standard Request → Response; the contract is in docs/BACKEND.md ("The
// intake endpoint").
//   POST /submit-lead                 a buyer's lead (public, JSON only)
//   POST /submit-lead/retry-pending   re-drive the mails and the webhook deliveries that are due:
//                                     failed past their backoff, left pending or with a lapsed
//                                     lease (secret key only; a scheduled job calls it every minute)
//   POST /submit-lead/resend          resend one lead's unsent mails (an admin, by the admin's
//                                     own session: row level security decides who may)
// The site's own schema (lib/leads/schema.ts), copied under supabase/ by `npm run functions:sync`.
import { leadSchema, stripBidi, toStorableText, touchSchema } from '../_shared/lead-schema.ts'
import { verifyCaptcha, type CaptchaConfig } from './captcha.ts'
import { clientKey, type ClientIpSource } from './client-ip.ts'
import type { LeadStore } from './store.ts'
import { isPlainObject, readBody, type Issue } from './read-body.ts'
import { deliverDue, type NotifyConfig, type NotifyOutcome, type SendMail } from './deliver.ts'
import { phoneE164 } from './phone.ts'
import { pushDue, type PushState, type WebhookConfig } from './push.ts'

export { MAX_BODY_BYTES, MAX_DEPTH } from './read-body.ts'
export const RATE_LIMIT = 10
const BODY_KEYS = new Set(['lead', 'captchaToken', 'website', 'attribution', 'firstTouch'])
/** The two touches a request may carry, and the prefix of their columns. */
const TOUCHES = { attribution: '', firstTouch: 'first_' } as const
const TOUCH_COLUMNS = {
  landingPage: 'landing_page',
  referrer: 'referrer',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
  gclid: 'gclid',
  fbclid: 'fbclid',
} as const

export interface AckLimits {
  /** Acknowledgements one address may receive in 24 hours (default 3). */
  perRecipientPerDay?: number
  /** Acknowledgements the leads of one client network may trigger in 24 hours (default 10). */
  perClientPerDay?: number
}

/** What `deno serve` and Deno.serve hand a handler beside the request (Deno.ServeHandlerInfo). */
export interface ServeInfo {
  remoteAddr?: { hostname?: string }
}

export type SubmitLeadHandler = (req: Request, info?: ServeInfo) => Promise<Response>

export interface SubmitLeadDeps {
  store: LeadStore
  /** The one source of the client's address this deployment trusts (CLIENT_IP_SOURCE). */
  clientIpSource?: ClientIpSource
  /** Salt for the client-IP hash in the rate-limit table (RATE_LIMIT_SALT). */
  rateLimitSalt: string
  rateLimit?: number
  ackLimits?: AckLimits
  captcha?: CaptchaConfig
  notify: NotifyConfig
  /** Where each new lead is pushed (LEAD_WEBHOOK_URL, LEAD_WEBHOOK_SECRET); no URL: nowhere. */
  webhook?: WebhookConfig
  /** Called with the delivery promise of every stored lead (tests await it). */
  onPushed?: (id: string, state: Promise<PushState>) => void
  /** Overrides SMTP (tests). */
  sendMail?: SendMail
  /** Keeps the mail work alive after the response (EdgeRuntime.waitUntil on Supabase). */
  waitUntil?: (p: Promise<unknown>) => void
  /** Which browser origins may call (ALLOWED_ORIGINS). Unset: any, outside production only. */
  allowOrigin?: (origin: string) => boolean
  /** A production deployment: never answers CORS with `*` (depsFromEnv refuses to start without ALLOWED_ORIGINS). */
  production?: boolean
  /** Called with the notification promise of every stored lead (tests await it). */
  onNotified?: (id: string, outcome: Promise<NotifyOutcome>) => void
  /** True when the request carries the project's secret key (retry-pending may run). */
  isServiceCaller?: (req: Request) => boolean
}

export function createSubmitLeadHandler(deps: SubmitLeadDeps): SubmitLeadHandler {
  return async (req, info) => {
    const cors = corsHeaders(req, deps)
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', ...cors, ...headers },
      })

    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors })
    if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' }, { Allow: 'POST, OPTIONS' })
    // Only JSON. A cross-site form or a no-cors fetch can send text/plain, form-urlencoded or
    // multipart without asking the browser's permission (CORS "simple requests"); JSON needs a
    // preflight, which the allowed origins decide. So no other site can submit through its
    // visitors' browsers.
    const type = mediaType(req.headers.get('content-type'))
    if (type.type !== 'application/json') return json(415, { error: 'unsupported_media_type', expected: 'application/json' })
    // JSON is UTF-8 (RFC 8259). A body declared in another charset (utf-7, utf-16, latin1) would be
    // read as UTF-8 and stored as something the sender did not write.
    if (type.charset !== undefined && type.charset !== 'utf-8') {
      return json(415, { error: 'unsupported_media_type', expected: 'application/json; charset=utf-8' })
    }

    try {
      const route = new URL(req.url).pathname.replace(/\/+$/, '').split('/').at(-1)
      if (route === 'retry-pending') return await retryPending(req, deps, json)
      if (route === 'resend') return await resend(req, deps, json)
      return await intake(req, deps, json, info)
    } catch (e) {
      console.error('submit-lead: failed', e)
      return json(500, { error: 'server' })
    }
  }
}

type Json = (status: number, body: unknown, headers?: Record<string, string>) => Response

async function intake(req: Request, deps: SubmitLeadDeps, json: Json, info?: ServeInfo): Promise<Response> {
  const invalid = (issues: Issue[]) => json(400, { error: 'invalid', issues })
  const read = await readBody(req)
  if ('error' in read) return read.error === 'too_large' ? json(413, { error: 'too_large' }) : invalid(read.error)
  const { body } = read
  // One request, one lead: arrays, batches and unknown envelopes are refused outright.
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
  const touches = touchColumns(body)
  if ('issues' in touches) return invalid(touches.issues)
  const client = clientKey(req.headers, deps.clientIpSource, info?.remoteAddr?.hostname)

  if (deps.captcha) {
    const token = typeof body.captchaToken === 'string' ? body.captchaToken : ''
    const remoteIp = client?.startsWith('v4:') ? client.slice(3) : undefined
    if (!token || !(await verifyCaptcha(deps.captcha, token, remoteIp))) return json(400, { error: 'captcha' })
  }

  const row: Record<string, unknown> = { ...lead, ...touches.columns }
  const ipHash = await sha256Hex(`${deps.rateLimitSalt}:${client ?? 'unknown'}`)
  const result = await deps.store.intake(row, ipHash, deps.rateLimit ?? RATE_LIMIT, deps.ackLimits ?? {})
  if (result.outcome === 'rate_limited') {
    return json(429, { error: 'rate_limited' }, { 'Retry-After': String(result.retry_after) })
  }
  if (result.outcome === 'duplicate') return json(200, { id: lead.id, duplicate: true })

  // The lead and its contact are stored; the phone in E.164 is a hint on the contact, so a
  // failure here is logged and the buyer still gets their 201.
  const e164 = phoneE164(lead.phone, lead.country)
  if (e164) await deps.store.recordPhone(lead.id, e164).catch((e: unknown) => console.error(`submit-lead: the phone of lead ${lead.id} was not recorded`, e))

  // Stored first; the mails follow without holding up the buyer's answer. The database decided
  // whether this address may get an acknowledgement and created the lead's mails (lead_mails);
  // this worker claims them at once.
  const notified = deliverDue(deps.store, deps.notify, deps.sendMail, { leadId: lead.id, pendingAgeSeconds: 0, waitUntil: deps.waitUntil }).then(
    (d) => d.outcome,
    (e: unknown) => {
      console.error(`submit-lead: the mails of lead ${lead.id} wait for the re-drive`, e)
      return 'failed' as const
    },
  )
  deps.onNotified?.(lead.id, notified)
  deps.waitUntil?.(notified)
  // The lead's webhook delivery, created with it (lead_deliveries), likewise after the answer.
  const pushed = pushDue(deps.store, deps.webhook ?? {}, { leadId: lead.id, pendingAgeSeconds: 0 }).then(
    (p) => p.state,
    (e: unknown) => {
      console.error(`submit-lead: the delivery of lead ${lead.id} waits for the re-drive`, e)
      return 'failed' as const
    },
  )
  deps.onPushed?.(lead.id, pushed)
  deps.waitUntil?.(pushed)
  return json(201, { id: lead.id })
}

// The scheduled job: mails and deliveries whose try failed and whose backoff is over, those a
// stopped worker left behind (pending, or claimed with a lapsed lease), a few at a time.
async function retryPending(req: Request, deps: SubmitLeadDeps, json: Json): Promise<Response> {
  if (!deps.isServiceCaller?.(req)) return json(401, { error: 'unauthorized' })
  const read = await readBody(req)
  if ('error' in read) return json(400, { error: 'invalid' })
  const olderThan = Number(read.body.olderThanSeconds ?? 60)
  if (!Number.isFinite(olderThan) || olderThan < 0)
    return json(400, { error: 'invalid', issues: [{ path: ['olderThanSeconds'], message: 'A number of seconds' }] })
  const [done, pushed] = await Promise.all([
    deliverDue(deps.store, deps.notify, deps.sendMail, { pendingAgeSeconds: olderThan, waitUntil: deps.waitUntil }),
    pushDue(deps.store, deps.webhook ?? {}, { pendingAgeSeconds: olderThan }),
  ])
  return json(200, { retried: done.claimed, sent: done.sent, deliveries: pushed.claimed, delivered: pushed.delivered })
}

// An admin asks for one lead's mails again. The admin's own token reads the lead first, so the
// same row level security that guards the inbox decides (admin role, aal2 with a factor). Only
// mails not sent are claimed; an uncertain one only with {"confirmUncertain": true}. A resend
// that finds nothing to claim (sent, or another resend holds it) is a 409.
async function resend(req: Request, deps: SubmitLeadDeps, json: Json): Promise<Response> {
  const token = bearerToken(req)
  if (!token || token.startsWith('sb_')) return json(401, { error: 'unauthorized' })
  const read = await readBody(req)
  if ('error' in read) return json(400, { error: 'invalid' })
  const id = read.body.id
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return json(400, { error: 'invalid', issues: [{ path: ['id'], message: 'A lead id' }] })
  if (!(await deps.store.canRead(id, token))) return json(404, { error: 'not_found' })
  const done = await deliverDue(deps.store, deps.notify, deps.sendMail, {
    leadId: id,
    force: true,
    uncertain: read.body.confirmUncertain === true,
    pendingAgeSeconds: 0,
    waitUntil: deps.waitUntil,
  })
  if (!done.claimed) return json(409, { error: 'already_sent' })
  return json(200, { id, notification: done.outcome })
}

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(req: Request): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]
}

/** The media type and its charset parameter (lower case, quotes removed; "utf8" read as "utf-8"). */
function mediaType(contentType: string | null): { type: string; charset?: string } {
  const [type = '', ...params] = (contentType ?? '').split(';')
  let charset: string | undefined
  for (const p of params) {
    const m = /^\s*charset\s*=\s*"?([^";]*)"?\s*$/i.exec(p)
    if (m)
      charset = (m[1] as string)
        .trim()
        .toLowerCase()
        .replace(/^utf8$/, 'utf-8')
  }
  return { type: type.trim().toLowerCase(), charset }
}

function corsHeaders(req: Request, deps: SubmitLeadDeps): Record<string, string> {
  const origin = req.headers.get('origin')
  if (!origin) return {}
  if (deps.allowOrigin ? !deps.allowOrigin(origin) : deps.production) return {}
  return {
    'Access-Control-Allow-Origin': deps.allowOrigin ? origin : '*',
    Vary: 'Origin',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'apikey, authorization, content-type, x-client-info',
    'Access-Control-Expose-Headers': 'Retry-After',
    'Access-Control-Max-Age': '600',
  }
}

function deepStripBidi(v: unknown): unknown {
  if (typeof v === 'string') return stripBidi(v)
  if (Array.isArray(v)) return v.map(deepStripBidi)
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deepStripBidi(x)]))
  return v
}

// Attribution is whatever a visitor's link carried: characters no column may hold are cleaned
// (toStorableText, beside the rules for typed fields), never a reason to lose the lead. What our
// pages never send (lib/leads/attribution.ts cuts and filters first) is refused, naming the
// field: a value over 500 characters, a click id outside its charset, an unknown key.
export function cleanAttribution(v: string): string {
  return stripBidi(toStorableText(v)).trim()
}

/** /<locale>/admin/…: the staff's own pages are no lead's landing page (twin of ADMIN_PATH in renderer/enhance.ts). */
const ADMIN_PATH = /^\/(?:[^/]+\/)?admin(?:\/|$)/

/** The last and first touch as columns (first_* for the first), or the issues naming each bad field. */
function touchColumns(body: Record<string, unknown>): { columns: Record<string, string> } | { issues: Issue[] } {
  const columns: Record<string, string> = {}
  const issues: Issue[] = []
  for (const [part, prefix] of Object.entries(TOUCHES)) {
    const raw = body[part]
    if (raw === undefined || raw === null) continue
    if (!isPlainObject(raw)) {
      issues.push({ path: [part], message: 'An object expected' })
      continue
    }
    const cleaned: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(raw)) {
      const clean = typeof v === 'string' ? cleanAttribution(v) : v
      if (clean === '' || (key === 'landingPage' && typeof clean === 'string' && ADMIN_PATH.test(clean))) continue
      cleaned[key] = clean
    }
    const parsed = touchSchema.safeParse(cleaned)
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        // An unknown key is reported by zod on the object; name the key itself.
        const keys = i.code === 'unrecognized_keys' ? i.keys : [i.path[0]]
        for (const k of keys) issues.push({ path: [part, String(k ?? '')], message: i.message })
      }
      continue
    }
    for (const [key, v] of Object.entries(parsed.data)) if (v) columns[prefix + TOUCH_COLUMNS[key as keyof typeof TOUCH_COLUMNS]] = v
  }
  return issues.length ? { issues } : { columns }
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
