// A local receiver for the leads the backend pushes out (LEAD_WEBHOOK_URL), started by
// server/local-services.ts the way maildev is for the mails: it checks each delivery's Standard
// Webhooks signature with the `standardwebhooks` package (the specification's own TypeScript
// library, the one a CRM's receiver would use), keeps one copy per webhook-id (a retried try is
// answered 200 and not kept twice), and lists what it kept on a plain page.
//
// Written here on node:http because no npm tool does this locally: hookdeck-cli and smee-client
// forward from a hosted service, http-echo-server verifies nothing and shows nothing.
// The page renders every received value as escaped text inside <pre>/<td>, and its CSP allows no
// script: nothing a buyer typed becomes HTML.
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

/**
 * The local receiver's signing secret. Like the Supabase CLI's demo keys it is published here and
 * protects nothing; a deployment sets its own LEAD_WEBHOOK_SECRET (docs/BACKEND.md).
 */
export const LOCAL_WEBHOOK_SECRET = 'whsec_bG9jYWwtd2ViaG9vay1zZWNyZXQtbm90LWZvci1wcm9kdWN0aW9u'

/** One request as it reached the receiver. */
export interface WebhookAttempt {
  id: string | null
  receivedAt: string
  /** The signature checked out (a valid webhook-id, timestamp within 5 minutes, v1 HMAC). */
  valid: boolean
  /** What the receiver answered. */
  status: number
  error?: string
}

/** One delivery the receiver kept: the first valid try of its webhook-id. */
export interface ReceivedDelivery {
  id: string
  receivedAt: string
  /** Tries seen with this webhook-id, this one included (retries after a lost answer). */
  tries: number
  payload: unknown
}

export interface WebhookReceiverOptions {
  /** 0 picks a free port. */
  port: number
  secret?: string
  /**
   * Answers a valid first-seen try with this status instead of 200 (tests play a failing CRM):
   * a non-2xx status keeps nothing; 0 keeps the delivery and closes the connection unanswered
   * (an answer lost on the way: the sender cannot know it arrived).
   */
  answer?: (attempt: { id: string; try: number; payload: unknown }) => number | undefined
}

export interface WebhookReceiver {
  /** Where to POST (LEAD_WEBHOOK_URL) and where the page is. */
  url: string
  secret: string
  attempts: WebhookAttempt[]
  deliveries: ReceivedDelivery[]
  /** Calls back with each delivery kept; returns the unsubscribe. */
  onDelivery(listener: (d: ReceivedDelivery) => void): () => void
  stop(): Promise<void>
}

const MAX_BODY = 64 * 1024

export async function startWebhookReceiver(opts: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const secret = opts.secret ?? LOCAL_WEBHOOK_SECRET
  const verifier = new Webhook(secret)
  const attempts: WebhookAttempt[] = []
  const deliveries: ReceivedDelivery[] = []
  const byId = new Map<string, ReceivedDelivery>()
  const tries = new Map<string, number>()
  const listeners = new Set<(d: ReceivedDelivery) => void>()

  async function receive(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_BODY) return text(res, 413, 'too large')
      chunks.push(chunk)
    }
    const body = Buffer.concat(chunks).toString('utf8')
    const header = (name: string) => {
      const v = req.headers[name]
      return Array.isArray(v) ? v.join(', ') : (v ?? '')
    }
    const id = header('webhook-id') || null
    const receivedAt = new Date().toISOString()
    let payload: unknown
    try {
      payload = verifier.verify(body, {
        'webhook-id': header('webhook-id'),
        'webhook-timestamp': header('webhook-timestamp'),
        'webhook-signature': header('webhook-signature'),
      })
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e)
      attempts.push({ id, receivedAt, valid: false, status: 401, error })
      return text(res, 401, `signature refused: ${error}`)
    }
    const key = id as string
    const n = (tries.get(key) ?? 0) + 1
    tries.set(key, n)
    const kept = byId.get(key)
    if (kept) {
      // A retry of a delivery already kept (its earlier answer was lost): acknowledged, not kept twice.
      kept.tries = n
      attempts.push({ id, receivedAt, valid: true, status: 200 })
      return text(res, 200, 'duplicate: already received')
    }
    const status = opts.answer?.({ id: key, try: n, payload }) ?? 200
    attempts.push({ id, receivedAt, valid: true, status })
    if (status !== 0 && (status < 200 || status > 299)) return text(res, status, 'not accepted (as configured)')
    const delivery: ReceivedDelivery = { id: key, receivedAt, tries: n, payload }
    byId.set(key, delivery)
    deliveries.push(delivery)
    for (const l of listeners) l(delivery)
    if (status === 0) return void req.socket.destroy()
    return text(res, 200, 'received')
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://receiver').pathname
    if (req.method === 'POST') {
      receive(req, res).catch((e: unknown) => text(res, 500, e instanceof Error ? e.message : String(e)))
    } else if (req.method === 'GET' && path === '/deliveries.json') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ deliveries, attempts }))
    } else if (req.method === 'GET' && path === '/') {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        'X-Content-Type-Options': 'nosniff',
      })
      res.end(page(deliveries, attempts))
    } else text(res, 405, 'POST a delivery, or GET / for the list')
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })
  return {
    url: `http://127.0.0.1:${port}/`,
    secret,
    attempts,
    deliveries,
    onDelivery(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

function text(res: ServerResponse, status: number, body: string) {
  if (res.headersSent) return
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
  res.end(body)
}

/** Text for HTML: every character that could open markup or an attribute is an entity. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function page(deliveries: ReceivedDelivery[], attempts: WebhookAttempt[]): string {
  const rows = [...deliveries]
    .reverse()
    .map(
      (d) =>
        `<section><h2>${escapeHtml(d.id)}</h2><p>received ${escapeHtml(d.receivedAt)}, signature valid, ${d.tries} ${d.tries === 1 ? 'try' : 'tries'} seen</p><pre>${escapeHtml(JSON.stringify(d.payload, null, 2))}</pre></section>`,
    )
    .join('\n')
  const log = [...attempts]
    .reverse()
    .map(
      (a) =>
        `<tr><td>${escapeHtml(a.receivedAt)}</td><td>${escapeHtml(a.id ?? '(none)')}</td><td>${a.valid ? 'valid' : 'refused'}</td><td>${a.status}</td><td>${escapeHtml(a.error ?? '')}</td></tr>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lead webhooks received</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;max-width:70rem}pre{background:#f4f4f4;padding:.75rem;overflow:auto;white-space:pre-wrap}td,th{padding:.2rem .5rem;text-align:left;border-bottom:1px solid #ddd}</style>
</head><body><h1>Lead webhooks received (${deliveries.length})</h1>
<p>Each lead the local backend pushes out, once per webhook-id, with its Standard Webhooks signature checked. Reload to see new ones.</p>
${rows || '<p>None yet: submit a form on the site.</p>'}
<h2>Every request</h2><table><thead><tr><th>Received</th><th>webhook-id</th><th>Signature</th><th>Answer</th><th>Error</th></tr></thead><tbody>
${log}
</tbody></table></body></html>`
}
