// Small HTTP helpers shared by the auth and rest handlers.
import type { IncomingMessage, ServerResponse } from 'node:http'

const MAX_BODY_BYTES = 1024 * 1024

// The headers supabase-js 2.x sends; anything else in a preflight is refused by the browser.
const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'x-client-info',
  'prefer',
  'accept',
  'accept-profile',
  'content-profile',
  'range',
  'x-supabase-api-version',
  'x-retry-count',
].join(', ')

/** An error that is already shaped as the response body the real service would send. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.msg ?? body.message ?? status))
  }
}

// Only pages served from this machine may call us from a browser: the server holds real
// (if local) data and any website could otherwise script requests to 127.0.0.1.
const LOOPBACK_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/

// A page on a rebound DNS name (evil.example -> 127.0.0.1) would be same-origin and skip CORS;
// its requests still carry that name in Host, so only loopback names are served.
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/
export function isLoopbackHost(req: IncomingMessage): boolean {
  return LOOPBACK_HOST.test(req.headers.host ?? '')
}

export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin
  if (!origin || !LOOPBACK_ORIGIN.test(origin)) return
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Vary', 'Origin')
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS')
  res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS)
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Supabase-Api-Version')
  res.setHeader('Access-Control-Max-Age', '600')
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers })
  res.end(text)
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers)
  res.end()
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new HttpError(413, { code: 'PGRST413', message: 'Payload too large' })
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new HttpError(400, { code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null })
  }
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')
  return m?.[1]
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
