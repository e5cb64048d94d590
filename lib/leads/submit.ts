// Sends one validated lead to the intake Edge Function (supabase/functions/submit-lead, the
// contract in docs/FORMS.md): POST {supabaseUrl}/functions/v1/submit-lead with fetch. No
// supabase-js on the form pages: the browser never writes the table itself.
//
// The answer becomes one SubmitResult the form turns into a localized message; whatever the
// outcome, the form keeps every field (components/forms/lead-form.tsx).
import type { Attribution } from './attribution'
// Re-exported so the form loads it with this module, lazily (not first-load JavaScript).
export { readAttribution, readFirstTouch } from './attribution'
import type { Lead } from './schema' // type only: zod stays out of the first-load bundle

/** A hung connection must end in the error state (fields kept, retry possible), not a spinner. */
export const SUBMIT_TIMEOUT_MS = 20_000

export const SUBMIT_PATH = '/functions/v1/submit-lead'

export type SubmitRequest = {
  lead: Lead
  captchaToken?: string
  /** The honeypot's value; the server drops the lead when it is not empty. */
  website: string
  /** The last touch: this visit. */
  attribution?: Attribution
  /** The first touch: the buyer's first visit, only with cookie consent (lib/leads/attribution.ts). */
  firstTouch?: Attribution
}

/** One problem the server found, by field (the lead's column name). */
export type ServerIssue = { field: string; message: string }

export type SubmitResult =
  /** 201 stored, 200 a retry of a lead already stored (or the honeypot: the server says nothing). */
  | { kind: 'stored' }
  /** 400 invalid: the fields the server refused, with the schema's message keys. */
  | { kind: 'invalid'; issues: ServerIssue[] }
  /** 400 captcha: missing or refused (only when the server has a captcha secret). */
  | { kind: 'captcha' }
  /** 429: more than 10 leads from this client in 10 minutes. */
  | { kind: 'rate-limited'; retryAfterSeconds?: number }
  /** Anything else: network, timeout, 413, 5xx, an answer we do not understand. */
  | { kind: 'failed'; reason: string }

type Json = Record<string, unknown> | null

function issuesOf(body: Json): ServerIssue[] {
  const raw = Array.isArray(body?.issues) ? (body.issues as unknown[]) : []
  return raw.flatMap((issue) => {
    if (!issue || typeof issue !== 'object') return []
    const { path, message } = issue as { path?: unknown; message?: unknown }
    const field = Array.isArray(path) && path.length ? String(path[0]) : ''
    return [{ field, message: typeof message === 'string' ? message : '' }]
  })
}

/** The contract's responses → SubmitResult. Pure, so every status is unit-tested. */
export function interpretResponse(status: number, body: Json, retryAfter: string | null): SubmitResult {
  if (status === 201 || status === 200) return { kind: 'stored' }
  if (status === 429) {
    const seconds = Number(retryAfter)
    return Number.isFinite(seconds) && seconds > 0 ? { kind: 'rate-limited', retryAfterSeconds: seconds } : { kind: 'rate-limited' }
  }
  if (status === 400 && body?.error === 'captcha') return { kind: 'captcha' }
  if (status === 400 && body?.error === 'invalid') return { kind: 'invalid', issues: issuesOf(body) }
  return { kind: 'failed', reason: `HTTP ${status}${typeof body?.error === 'string' ? ` ${body.error}` : ''}` }
}

export type SubmitConfig = { url: string; anonKey: string; fetch?: typeof fetch; timeoutMs?: number }

export async function submitLead(request: SubmitRequest, config: SubmitConfig): Promise<SubmitResult> {
  const send = config.fetch ?? fetch
  try {
    const response = await send(config.url.replace(/\/+$/, '') + SUBMIT_PATH, {
      method: 'POST',
      // The project key goes in apikey only: a publishable key (sb_publishable_…) is no JWT, and
      // the function needs no user (verify_jwt = false in supabase/config.toml).
      headers: { apikey: config.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(config.timeoutMs ?? SUBMIT_TIMEOUT_MS),
    })
    const body = (await response.json().catch(() => null)) as Json
    const result = interpretResponse(response.status, body, response.headers.get('Retry-After'))
    if (result.kind === 'failed') console.error(`lib/leads/submit.ts: the ${request.lead.kind} lead was refused: ${result.reason}`)
    return result
  } catch (error) {
    console.error('lib/leads/submit.ts: the lead could not be sent', error)
    return { kind: 'failed', reason: error instanceof Error ? error.name : 'network' }
  }
}
