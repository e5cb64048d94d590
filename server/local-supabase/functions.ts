// /functions/v1/<name>: the Edge Function modules from supabase/functions, run in Node. They use
// their production store: PostgREST RPC on this server's own /rest/v1 with the secret key, so the
// path production takes is the path every local lead takes too.
//
// In front of the function this server plays one deployment shape (docs/BACKEND.md, "Who the
// client is"), and hands the function the matching CLIENT_IP_SOURCE:
// - cloudflare (the hosted project): a client-sent X-Forwarded-For is kept and the address the
//   connection came from is appended, and CF-Connecting-IP is set to that address, overwriting
//   any the client sent;
// - appending-proxy (a self-hosted reverse proxy): X-Forwarded-For gets the address appended,
//   every other header (a client-sent CF-Connecting-IP too) passes as the client sent it;
// - direct (the function served as is): the headers pass untouched, and the function learns the
//   connection's address the way `deno serve` tells it (the handler's second argument).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { createSubmitLeadHandler, type SubmitLeadDeps, type SubmitLeadHandler } from '../../supabase/functions/submit-lead/index'
import type { ClientIpSource } from '../../supabase/functions/submit-lead/client-ip'
import { HttpError } from './http'

export type FunctionHandlers = Record<string, SubmitLeadHandler>

export const GATEWAYS = ['cloudflare', 'appending-proxy', 'direct'] as const
export type Gateway = (typeof GATEWAYS)[number]
/** The CLIENT_IP_SOURCE each shape is deployed with. */
export const GATEWAY_IP_SOURCE: Record<Gateway, ClientIpSource> = {
  cloudflare: 'cf-connecting-ip',
  'appending-proxy': 'x-forwarded-for',
  direct: 'socket',
}

export function localFunctions(submitLead: SubmitLeadDeps): FunctionHandlers {
  return { 'submit-lead': createSubmitLeadHandler(submitLead) }
}

/**
 * The address the gateway hands the function. `trustedProxy` (tests that play many clients from
 * one machine) puts a trusted hop in front: its X-Forwarded-For's rightmost entry is the client.
 */
function peerAddress(req: IncomingMessage, trustedProxy: boolean): string {
  const socket = req.socket.remoteAddress ?? 'unknown'
  if (!trustedProxy) return socket
  const forwarded = req.headers['x-forwarded-for']
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').at(-1)?.trim()
  return last || socket
}

export async function handleFunction(
  fns: FunctionHandlers,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  trustedProxy = false,
  gateway: Gateway = 'cloudflare',
): Promise<void> {
  const name = path.split('/')[0] ?? ''
  const fn = fns[name]
  if (!fn) throw new HttpError(404, { code: 'NOT_FOUND', message: `Requested function ${name} was not found` })
  const headers = new Headers()
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || (k === 'cf-connecting-ip' && gateway === 'cloudflare')) continue
    headers.set(k, Array.isArray(v) ? v.join(', ') : v)
  }
  const peer = peerAddress(req, trustedProxy)
  if (gateway !== 'direct') {
    const forwarded = headers.get('x-forwarded-for')
    headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${peer}` : peer)
  }
  if (gateway === 'cloudflare') headers.set('cf-connecting-ip', peer)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const request = new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch needs this for a streamed body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
  const response = await fn(request, { remoteAddr: { hostname: peer } })
  const out: Record<string, string> = {}
  response.headers.forEach((v, k) => {
    out[k] = v
  })
  res.writeHead(response.status, out)
  res.end(Buffer.from(await response.arrayBuffer()))
}
