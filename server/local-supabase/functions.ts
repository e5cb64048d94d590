// /functions/v1/submit-lead: the Edge Function module from supabase/functions/submit-lead, run in
// Node. Only the store differs from production: it calls the same SQL functions
// (public.intake_lead, public.lead_notification_result) on PGlite as service_role, in place of
// PostgREST RPC, which this stand-in does not serve to the function.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { createSubmitLeadHandler, type SubmitLeadDeps } from '../../supabase/functions/submit-lead/index'
import type { IntakeOutcome, LeadStore } from '../../supabase/functions/submit-lead/store'
import type { Db } from './db'
import { HttpError } from './http'

const SERVICE = { role: 'service_role' } as const

export function pgliteStore(db: Db): LeadStore {
  return {
    intake: (row, ipHash, limit) =>
      db.asRequest(SERVICE, 'POST', async (tx) => {
        const { rows } = await tx.query<{ r: IntakeOutcome }>('select public.intake_lead($1::jsonb, $2, $3) as r', [JSON.stringify(row), ipHash, limit])
        return rows[0]?.r as IntakeOutcome
      }),
    notificationResult: async (id, status, attempts, error) => {
      await db.asRequest(SERVICE, 'POST', (tx) => tx.query('select public.lead_notification_result($1, $2, $3, $4)', [id, status, attempts, error]))
    },
  }
}

export type FunctionHandlers = Record<string, (req: Request) => Promise<Response>>

export function localFunctions(db: Db, deps: Omit<SubmitLeadDeps, 'store'>): FunctionHandlers {
  return { 'submit-lead': createSubmitLeadHandler({ ...deps, store: pgliteStore(db) }) }
}

export async function handleFunction(
  fns: FunctionHandlers,
  name: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  trustForwardedFor = false,
): Promise<void> {
  const fn = fns[name]
  if (!fn) throw new HttpError(404, { code: 'NOT_FOUND', message: `Requested function ${name} was not found` })
  const headers = new Headers()
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || (k === 'x-forwarded-for' && !trustForwardedFor)) continue
    headers.set(k, Array.isArray(v) ? v.join(', ') : v)
  }
  // The gateway's job in production: the client address, which the client cannot choose.
  // Tests may opt in to trusting the header to play several clients from one machine.
  if (!trustForwardedFor || !headers.has('x-forwarded-for')) headers.set('x-forwarded-for', req.socket.remoteAddress ?? 'unknown')
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const request = new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch needs this for a streamed body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
  const response = await fn(request)
  const out: Record<string, string> = {}
  response.headers.forEach((v, k) => {
    out[k] = v
  })
  res.writeHead(response.status, out)
  res.end(Buffer.from(await response.arrayBuffer()))
}
