// The GoTrue (/auth/v1) endpoints supabase-js 2.109 calls for email+password sessions.
import type { IncomingMessage, ServerResponse } from 'node:http'
import bcrypt from 'bcryptjs'
import { isObject, sendEmpty, sendJson } from './http'
import * as store from './auth-store'
import type { AuthConfig, UserRow } from './auth-store'
import { authError, rateLimited, readAuthJson, requireSession, tokenError } from './auth-session'
import { handleFactors } from './mfa'

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export async function handleAuth(cfg: AuthConfig, req: IncomingMessage, res: ServerResponse, url: URL, path: string) {
  const method = req.method ?? 'GET'
  if (method === 'POST' && path === '/signup') return sendJson(res, 200, await signup(cfg, await readAuthJson(req)))
  if (method === 'POST' && path === '/token') {
    const body = await readAuthJson(req)
    const grant = url.searchParams.get('grant_type')
    if (grant === 'password') return sendJson(res, 200, await passwordGrant(cfg, body))
    if (grant === 'refresh_token') return sendJson(res, 200, await refreshGrant(cfg, body))
    throw authError(400, 'validation_failed', `unsupported_grant_type: ${grant ?? '(none)'}`)
  }
  if (method === 'POST' && path === '/logout') {
    await logout(cfg, req, url.searchParams.get('scope') ?? 'global')
    return sendEmpty(res, 204)
  }
  if (method === 'GET' && path === '/user') {
    const user = await cfg.db.admin(async (tx) => {
      const s = await requireSession(req, tx)
      return store.userJson(s.user, await store.listFactors(tx, s.user.id))
    })
    return sendJson(res, 200, user)
  }
  if (path === '/factors' || path.startsWith('/factors/')) return handleFactors(cfg, req, res, path)
  throw authError(404, 'not_found', `The local server does not implement ${method} /auth/v1${path}`)
}

async function signup(cfg: AuthConfig, body: unknown) {
  const { email, password, data } = isObject(body) ? body : {}
  if (typeof email !== 'string' || !EMAIL_RE.test(email)) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  }
  if (typeof password !== 'string' || password === '') {
    throw authError(422, 'validation_failed', 'Signup requires a valid password')
  }
  if (password.length < 6) {
    throw authError(422, 'weak_password', 'Password should be at least 6 characters.', {
      weak_password: { reasons: ['length'] },
    })
  }
  // Signups never get app_metadata.role: that is how admins differ, and only the server sets it.
  const userMetadata = isObject(data) ? data : {}
  return cfg.db.admin(async (tx) => {
    if (await store.findUserByEmail(tx, email)) {
      throw authError(422, 'user_already_exists', 'User already registered')
    }
    const user = await store.createUser(tx, { email, password, userMetadata })
    const sessionId = await store.createSession(tx, user.id, 'password')
    const refresh = await store.issueRefreshToken(tx, user.id, sessionId)
    return store.sessionJson(cfg, tx, (await store.findUser(tx, user.id)) as UserRow, sessionId, refresh)
  })
}

// An unknown email costs the same bcrypt compare as a wrong password, so the answer time does
// not tell which addresses have accounts. Same cost as real hashes (BCRYPT_COST).
let dummyHash: Promise<string> | undefined
const dummy = () => (dummyHash ??= bcrypt.hash('no-such-user-password', store.BCRYPT_COST))

async function passwordGrant(cfg: AuthConfig, body: unknown) {
  const { email, password } = isObject(body) ? body : {}
  const invalid = () => tokenError('invalid_credentials', 'Invalid login credentials')
  if (typeof email !== 'string' || typeof password !== 'string') throw invalid()
  // Per address, known or not: guessing stops after a few tries whoever the target is.
  const key = email.trim().toLowerCase()
  const blocked = cfg.throttles.password.blockedFor(key)
  if (blocked) throw rateLimited(blocked)
  const found = await cfg.db.admin((tx) => store.findUserByEmail(tx, email))
  // Compared outside the transaction: bcrypt is slow and the database is one shared connection.
  const ok = await bcrypt.compare(password, found ? found.encrypted_password : await dummy())
  if (!found || !ok) {
    cfg.throttles.password.fail(key)
    throw invalid()
  }
  cfg.throttles.password.reset(key)
  return cfg.db.admin(async (tx) => {
    const sessionId = await store.createSession(tx, found.id, 'password')
    const refresh = await store.issueRefreshToken(tx, found.id, sessionId)
    return store.sessionJson(cfg, tx, (await store.findUser(tx, found.id)) as UserRow, sessionId, refresh)
  })
}

interface TokenRow {
  token: string
  user_id: string
  session_id: string
  revoked: boolean
  age: number
}

// Rotation: each refresh token works once and is replaced by a child. Replaying a used one
// (outside the reuse interval) means it leaked, so the whole session is ended, as GoTrue does.
async function refreshGrant(cfg: AuthConfig, body: unknown) {
  const token = isObject(body) ? body.refresh_token : undefined
  if (typeof token !== 'string' || token === '') throw tokenError('validation_failed', 'refresh_token required')
  const outcome = await cfg.db.admin(async (tx) => {
    const row = (
      await tx.query<TokenRow>(
        `select token, user_id, session_id, revoked, extract(epoch from now() - updated_at)::float8 as age
         from auth.refresh_tokens where token = $1`,
        [token],
      )
    ).rows[0]
    if (!row) return { error: tokenError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') }
    const user = await store.findUser(tx, row.user_id)
    if (!user) return { error: tokenError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') }
    let next: string | undefined
    if (!row.revoked) {
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token])
      next = await store.issueRefreshToken(tx, user.id, row.session_id, token)
    } else if (row.age <= cfg.refreshReuseSeconds) {
      next = (await tx.query<{ token: string }>('select token from auth.refresh_tokens where parent = $1 and not revoked order by id desc limit 1', [token]))
        .rows[0]?.token
    }
    if (!next) {
      await tx.query('delete from auth.sessions where id = $1', [row.session_id])
      return { error: tokenError('refresh_token_already_used', 'Invalid Refresh Token: Already Used') }
    }
    await tx.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id])
    return { session: await store.sessionJson(cfg, tx, user, row.session_id, next) }
  })
  // Thrown after commit: the session revocation above must not be rolled back with the error.
  if ('error' in outcome) throw outcome.error
  return outcome.session
}

async function logout(cfg: AuthConfig, req: IncomingMessage, scope: string) {
  if (!['global', 'local', 'others'].includes(scope)) {
    throw authError(400, 'validation_failed', 'Unsupported logout scope')
  }
  await cfg.db.admin(async (tx) => {
    const s = await requireSession(req, tx)
    if (scope === 'global') await tx.query('delete from auth.sessions where user_id = $1', [s.user.id])
    if (scope === 'local') await tx.query('delete from auth.sessions where id = $1', [s.sessionId])
    if (scope === 'others') {
      await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [s.user.id, s.sessionId])
    }
  })
}
