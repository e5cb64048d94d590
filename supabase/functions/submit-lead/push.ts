// Leads pushed out: after a lead is stored, and whenever the scheduled re-drive runs, claim the
// lead deliveries that are due (public.claim_lead_deliveries: one claimant per delivery, with a
// lease), POST each once with a deadline, and record the outcome under the claim
// (public.lead_delivery_result). The lead is stored whatever happens here.
//
// The request follows the Standard Webhooks specification (standardwebhooks.com), so a receiver
// verifies it with that project's libraries (the local receiver and the tests use the
// `standardwebhooks` npm package; this module signs with Web Crypto, so the Edge Function needs no
// extra import):
//   webhook-id         the delivery's id: the same on every try (the receiver's idempotency key)
//   webhook-timestamp  Unix seconds of this try
//   webhook-signature  v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">, keyed with the
//                      base64 part of LEAD_WEBHOOK_SECRET (whsec_…)
//   body               {"type":"lead.created","timestamp":<the lead's created_at>,"data":{…}}
//
// Exactly once, as far as a sender can know: a try answered 2xx is recorded "delivered" and never
// claimed again; any other answer, a refused connection or no answer within the deadline is
// "failed" and tried again after the backoff with the same webhook-id, so a receiver that did get
// a lapsed try drops the copy. After the last backoff the delivery is "gave_up".
import type { ClaimedDelivery, LeadStore } from './store.ts'

export interface WebhookConfig {
  /** LEAD_WEBHOOK_URL. Unset: no lead is pushed (each is marked "skipped"). */
  url?: string
  /** LEAD_WEBHOOK_SECRET, whsec_<base64> as Standard Webhooks serialise it. */
  secret?: string
  /** The most one try may take (default 15 s). */
  attemptTimeoutMs?: number
  /** Ends a try early, as its deadline would (tests: when the receiver holds the request, an
   *  event, so no outcome depends on a timer racing a loaded machine). */
  attemptDeadline?: () => Promise<unknown>
  /** Waits after each failed try, in seconds (LEAD_WEBHOOK_BACKOFF; default 60,300,1800,7200,21600,86400). */
  backoffSeconds?: number[]
}

export interface PushOptions {
  leadId?: string
  /** Pending deliveries younger than this belong to the worker that stored them (default 60 s; 0 for that worker). */
  pendingAgeSeconds?: number
  limit?: number
}

export type PushState = 'delivered' | 'failed' | 'gave_up' | 'skipped' | 'stale' | 'none'

export interface Pushed {
  claimed: number
  delivered: number
  /** The state the lead's delivery ended in (one lead's push); 'none' when nothing was claimed. */
  state: PushState
}

/** Columns that are the inbox's own bookkeeping, not what the buyer sent: never pushed. */
const INTERNAL = new Set([
  'status',
  'notes',
  'updated_at',
  'mailbox_key',
  'notification_status',
  'notification_attempts',
  'notification_error',
  'notified_at',
  'notification_claimed_at',
  'mails_sent',
  'ack_skipped',
])

/** The JSON body of a lead's delivery: the same bytes on every try of it. */
export function webhookBody(lead: Record<string, unknown>): string {
  const data = Object.fromEntries(Object.entries(lead).filter(([k]) => !INTERNAL.has(k)))
  return JSON.stringify({ type: 'lead.created', timestamp: lead.created_at, data })
}

/** The HMAC key of a whsec_<base64> secret (the prefix is optional, as in the reference libraries). */
export function webhookKey(secret: string): Uint8Array<ArrayBuffer> {
  const b64 = secret.startsWith('whsec_') ? secret.slice(6) : secret
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0)
    throw new Error('LEAD_WEBHOOK_SECRET must be whsec_ followed by base64 (e.g. "whsec_$(openssl rand -base64 32)")')
  const bin = atob(b64)
  return Uint8Array.from(bin, (c) => c.charCodeAt(0))
}

/** The webhook-signature header: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">. */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', webhookKey(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)))
  return `v1,${btoa(String.fromCharCode(...mac))}`
}

type TryResult = { outcome: 'delivered'; status: number } | { outcome: 'failed'; status: number | null; error: string }

async function tryOnce(cfg: WebhookConfig & { url: string; secret: string }, delivery: ClaimedDelivery): Promise<TryResult> {
  const body = webhookBody(delivery.lead)
  const timestamp = Math.floor(Date.now() / 1000)
  const timeout = cfg.attemptTimeoutMs ?? 15_000
  const deadline = new AbortController()
  void cfg.attemptDeadline?.().then(() => deadline.abort())
  try {
    const res = await fetch(cfg.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': await signWebhook(cfg.secret, delivery.id, timestamp, body),
      },
      body,
      // A redirect would resend the lead somewhere the operator did not name.
      redirect: 'manual',
      signal: AbortSignal.any([AbortSignal.timeout(timeout), deadline.signal]),
    })
    const text = await res.text().catch(() => '')
    if (res.status >= 200 && res.status < 300) return { outcome: 'delivered', status: res.status }
    return { outcome: 'failed', status: res.status, error: `HTTP ${res.status}${text ? `: ${text.slice(0, 300)}` : ''}` }
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')
    return {
      outcome: 'failed',
      status: null,
      error: timedOut
        ? `no answer within the try's deadline (${timeout / 1000} s); it may have arrived, so the next try has the same webhook-id`
        : `could not reach the receiver: ${e instanceof Error ? e.message : String(e)}`,
    }
  }
}

/** What is wrong with the configuration, or undefined when a try can be made. */
function misconfigured(cfg: WebhookConfig): string | undefined {
  if (!cfg.secret) return 'LEAD_WEBHOOK_SECRET is not set: no lead is sent unsigned'
  try {
    webhookKey(cfg.secret)
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
  const url = URL.canParse(cfg.url ?? '') ? new URL(cfg.url as string) : undefined
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return 'LEAD_WEBHOOK_URL is not an http(s) URL'
  return undefined
}

export async function pushDue(store: LeadStore, cfg: WebhookConfig, opts: PushOptions = {}): Promise<Pushed> {
  const pendingAgeSeconds = opts.pendingAgeSeconds ?? 60
  if (!cfg.url) {
    const skipped = await store.skipDeliveries({ leadId: opts.leadId, pendingAgeSeconds, reason: 'LEAD_WEBHOOK_URL is not set: leads are not pushed' })
    return { claimed: 0, delivered: 0, state: skipped ? 'skipped' : 'none' }
  }
  const attemptTimeout = cfg.attemptTimeoutMs ?? 15_000
  const claims = await store.claimDeliveries({
    leadId: opts.leadId,
    // Longer than a try, so a live worker always records before its claim lapses.
    leaseSeconds: Math.max((attemptTimeout * 2) / 1000, 60),
    limit: opts.limit ?? 20,
    pendingAgeSeconds,
  })
  const problem = misconfigured(cfg)
  const states = await Promise.all(
    claims.map(async (d) => {
      const result: TryResult = problem
        ? { outcome: 'failed', status: null, error: problem }
        : await tryOnce({ ...cfg, url: cfg.url as string, secret: cfg.secret as string }, d)
      if (result.outcome !== 'delivered') console.error(`submit-lead: delivery of lead ${d.lead_id}, try ${d.attempts}: ${result.error}`)
      return store.deliveryResult(d, {
        outcome: result.outcome,
        status: result.status,
        error: result.outcome === 'failed' ? result.error : null,
        backoffSeconds: cfg.backoffSeconds,
      })
    }),
  )
  const state = (states.at(-1) ?? 'none') as PushState
  return { claimed: claims.length, delivered: states.filter((s) => s === 'delivered').length, state }
}

/** LEAD_WEBHOOK_BACKOFF: comma-separated seconds, e.g. "60,300,1800"; undefined (the default) when unset or not that. */
export function backoffSetting(raw: string | undefined): number[] | undefined {
  if (!raw) return undefined
  const parts = raw.split(',').map((s) => s.trim())
  // A bad value must not stop the intake (leads would be refused): the default backoff applies.
  if (!parts.every((s) => /^\d+$/.test(s))) {
    console.warn(`submit-lead: LEAD_WEBHOOK_BACKOFF must be comma-separated seconds, got "${raw}"; the default applies`)
    return undefined
  }
  return parts.map(Number)
}
