// Where the function stores a lead: PostgREST RPC on the project's REST API, in production and
// on the local backend alike (server/local-supabase/ serves /rest/v1 by PostgREST's rules). The
// SQL functions are in supabase/migrations/: public.intake_lead does the rate limit, the
// acknowledgement caps and the insert in one transaction, so the rules live in the database.
export type IntakeOutcome =
  | { outcome: 'stored'; id: string; ack: boolean; ack_skipped?: string | null }
  | { outcome: 'duplicate'; id: string }
  | { outcome: 'rate_limited'; retry_after: number }

export type MailName = 'sales' | 'ack'

/** One mail of one lead, claimed from public.lead_mails: only its claim_token may record the outcome. */
export interface ClaimedMail {
  lead_id: string
  mail: MailName
  claim_token: string
  attempts: number
  message_id: string
  lead: Record<string, unknown>
}

export interface ClaimOptions {
  /** One lead's mails only. */
  leadId?: string
  leaseSeconds: number
  limit: number
  /** Pending mails younger than this are left to the worker that stored them. */
  pendingAgeSeconds: number
  /** An admin's resend: failed and needs_attention mails whatever their next try. */
  force?: boolean
  /** With force: uncertain mails too (the admin checked the inbox). */
  uncertain?: boolean
  /** Right-hand side of the Message-IDs (the sender's domain). */
  domain: string
}

export type MailOutcome = 'sent' | 'failed' | 'refused' | 'uncertain'

/** One lead's delivery, claimed from public.lead_deliveries; `id` is its webhook-id. */
export interface ClaimedDelivery {
  id: string
  lead_id: string
  claim_token: string
  attempts: number
  lead: Record<string, unknown>
}

export interface DeliveryResult {
  outcome: 'delivered' | 'failed'
  /** The receiver's HTTP status; null when it did not answer. */
  status: number | null
  error: string | null
  /** Waits after each failed try (seconds); the database's default when unset. */
  backoffSeconds?: number[]
}

export interface LeadStore {
  intake(row: Record<string, unknown>, ipHash: string, limit: number, ack: { perRecipientPerDay?: number; perClientPerDay?: number }): Promise<IntakeOutcome>
  /** Claims the mails that are due (public.claim_lead_mails, `for update skip locked`). */
  claimMails(opts: ClaimOptions): Promise<ClaimedMail[]>
  /** Records one try of a claimed mail; the mail's new state, or 'stale' when the claim no longer holds. */
  mailResult(mail: ClaimedMail, outcome: MailOutcome, error: string | null): Promise<string>
  /** The stored lead's phone in E.164 (public.lead_record_phone): its contact shows it. */
  recordPhone(id: string, e164: string): Promise<void>
  /** Claims the lead deliveries that are due (public.claim_lead_deliveries, `for update skip locked`). */
  claimDeliveries(opts: { leadId?: string; leaseSeconds: number; limit: number; pendingAgeSeconds: number }): Promise<ClaimedDelivery[]>
  /** Records one try of a claimed delivery; its new state, or 'stale' when the claim no longer holds. */
  deliveryResult(delivery: ClaimedDelivery, result: DeliveryResult): Promise<string>
  /** Marks pending deliveries skipped (no webhook configured); how many. */
  skipDeliveries(opts: { leadId?: string; pendingAgeSeconds: number; reason: string }): Promise<number>
  /** Whether the holder of this user access token may read the lead (row level security). */
  canRead(id: string, accessToken: string): Promise<boolean>
}

export interface ProjectKeys {
  /** sb_secret_… (or the legacy service_role JWT): bypasses row level security. */
  secret: string
  /** sb_publishable_… (or the legacy anon JWT): sent with a user's token. */
  publishable?: string
}

// The new keys (sb_…) are not JWTs: they go in the apikey header only, and the gateway turns them
// into their role. A legacy key is a JWT, which PostgREST also wants as the bearer token.
const keyHeaders = (key: string): Record<string, string> => (key.startsWith('sb_') ? { apikey: key } : { apikey: key, Authorization: `Bearer ${key}` })

/** The REST API refused a call; `status` is its HTTP status. */
export class RestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

export function restStore(supabaseUrl: string, keys: ProjectKeys, fetchImpl: typeof fetch = fetch): LeadStore {
  const base = `${supabaseUrl.replace(/\/$/, '')}/rest/v1`
  const call = async (path: string, init: { method: string; headers: Record<string, string>; body?: unknown }): Promise<unknown> => {
    const res = await fetchImpl(`${base}/${path}`, {
      method: init.method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(15_000),
    })
    const text = await res.text()
    if (!res.ok) throw new RestError(`${init.method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`, res.status)
    return text ? (JSON.parse(text) as unknown) : null
  }
  const rpc = (fn: string, args: Record<string, unknown>) => call(`rpc/${fn}`, { method: 'POST', headers: keyHeaders(keys.secret), body: args })
  return {
    intake: async (row, ipHash, limit, ack) => {
      const args: Record<string, unknown> = { p_lead: row, p_ip_hash: ipHash, p_limit: limit }
      if (ack.perRecipientPerDay !== undefined) args.p_ack_per_day = ack.perRecipientPerDay
      if (ack.perClientPerDay !== undefined) args.p_ack_per_client = ack.perClientPerDay
      return (await rpc('intake_lead', args)) as IntakeOutcome
    },
    claimMails: async (o) =>
      ((await rpc('claim_lead_mails', {
        ...(o.leadId ? { p_lead: o.leadId } : {}),
        p_lease: `${Math.ceil(o.leaseSeconds)} seconds`,
        p_limit: o.limit,
        p_pending_age: `${Math.floor(o.pendingAgeSeconds)} seconds`,
        p_force: o.force ?? false,
        p_uncertain: o.uncertain ?? false,
        p_domain: o.domain,
      })) as ClaimedMail[] | null) ?? [],
    mailResult: async (m, outcome, error) =>
      String(await rpc('lead_mail_result', { p_lead: m.lead_id, p_mail: m.mail, p_claim: m.claim_token, p_outcome: outcome, p_error: error })),
    recordPhone: async (id, e164) => {
      await rpc('lead_record_phone', { p_id: id, p_phone_e164: e164 })
    },
    claimDeliveries: async (o) =>
      ((await rpc('claim_lead_deliveries', {
        ...(o.leadId ? { p_lead: o.leadId } : {}),
        p_lease: `${Math.ceil(o.leaseSeconds)} seconds`,
        p_limit: o.limit,
        p_pending_age: `${Math.floor(o.pendingAgeSeconds)} seconds`,
      })) as ClaimedDelivery[] | null) ?? [],
    deliveryResult: async (d, r) =>
      String(
        await rpc('lead_delivery_result', {
          p_id: d.id,
          p_claim: d.claim_token,
          p_outcome: r.outcome,
          p_status: r.status,
          p_error: r.error,
          ...(r.backoffSeconds ? { p_backoff: r.backoffSeconds.map((s) => `${s} seconds`) } : {}),
        }),
      ),
    skipDeliveries: async (o) =>
      Number(
        await rpc('skip_lead_deliveries', {
          ...(o.leadId ? { p_lead: o.leadId } : {}),
          p_pending_age: `${Math.floor(o.pendingAgeSeconds)} seconds`,
          p_reason: o.reason,
        }),
      ),
    canRead: async (id, accessToken) => {
      const rows = (await call(`leads?select=id&id=eq.${encodeURIComponent(id)}`, {
        method: 'GET',
        headers: { apikey: keys.publishable ?? keys.secret, Authorization: `Bearer ${accessToken}` },
      }).catch((e: unknown) => {
        // An expired or forged token is "may not", not a server error.
        if (e instanceof RestError && (e.status === 401 || e.status === 403)) return []
        throw e
      })) as unknown[]
      return rows.length === 1
    },
  }
}
