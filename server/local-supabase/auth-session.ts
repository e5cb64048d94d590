// How GoTrue errors look, reads bodies and resolves the caller's session; shared by auth.ts and mfa.ts.
// Error bodies follow GoTrue's legacy shape; auth-js reads `error_code` for the type of error
// and `msg` for error.message (node_modules/@supabase/auth-js/src/lib/fetch.ts, handleError).
import type { IncomingMessage } from 'node:http'
import { HttpError, bearerToken, readJson } from './http'
import { TokenError, verifyToken, type Claims } from './jwt'
import { findUser, type UserRow } from './auth-store'
import type { Tx } from './db'

export function authError(status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, { code: status, error_code: errorCode, msg, ...extra })
}

/** GoTrue's answer once a rate limit is hit (auth-js: AuthApiError, status 429). */
export function rateLimited(ms: number): HttpError {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  return new HttpError(
    429,
    { code: 429, error_code: 'over_request_rate_limit', msg: `Too many attempts. Try again in ${seconds} seconds.` },
    { 'Retry-After': String(seconds) },
  )
}

// The token endpoint also carries the OAuth2 fields older clients read.
export function tokenError(errorCode: string, msg: string): HttpError {
  return authError(400, errorCode, msg, { error: 'invalid_grant', error_description: msg })
}

export interface SessionContext {
  claims: Claims
  user: UserRow
  sessionId: string
  aal: 'aal1' | 'aal2'
}

/** The signed-in user behind the Authorization header, as GoTrue resolves it. */
export async function requireSession(req: IncomingMessage, tx: Tx): Promise<SessionContext> {
  const token = bearerToken(req)
  if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  let claims: Claims
  try {
    claims = await verifyToken(token)
  } catch (e) {
    throw authError(403, 'bad_jwt', `invalid JWT: ${e instanceof TokenError ? e.message : 'unable to parse'}`)
  }
  if (claims.role !== 'authenticated' || !claims.sub || !claims.session_id) {
    throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  }
  const session = (await tx.query<{ aal: 'aal1' | 'aal2' }>('select aal from auth.sessions where id = $1 and user_id = $2', [claims.session_id, claims.sub]))
    .rows[0]
  if (!session) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  const user = await findUser(tx, claims.sub)
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  return { claims, user, sessionId: claims.session_id, aal: session.aal }
}

// GoTrue's own wording for a body that is not JSON (readJson answers in PostgREST's).
export async function readAuthJson(req: IncomingMessage): Promise<unknown> {
  try {
    return await readJson(req)
  } catch (e) {
    if (e instanceof HttpError && e.status === 400) throw authError(400, 'bad_json', 'Could not parse request body as JSON')
    throw e
  }
}
