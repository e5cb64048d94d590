// TOTP factors (/auth/v1/factors...), the only MFA type the local server offers.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomUUID } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import { isObject, sendJson } from './http'
import * as store from './auth-store'
import type { AuthConfig, FactorRow } from './auth-store'
import { authError, rateLimited, readAuthJson, requireSession, type SessionContext } from './auth-session'
import type { Tx } from './db'

const CHALLENGE_TTL_SECONDS = 300
const TOTP_PERIOD_SECONDS = 30

export async function handleFactors(cfg: AuthConfig, req: IncomingMessage, res: ServerResponse, path: string) {
  const method = req.method ?? 'GET'
  const [, , factorId, action] = path.split('/')
  const body = method === 'POST' ? await readAuthJson(req) : undefined
  // A wrong code throws, which rolls the transaction back: failures are counted outside it.
  let wrongCode: { challenge: string; factor: string } | undefined
  const result = await cfg.db
    .admin(async (tx) => {
      const s = await requireSession(req, tx)
      if (method === 'POST' && !factorId) return enroll(cfg, tx, s, body)
      if (!factorId) return undefined
      const factor = (await tx.query<FactorRow>('select * from auth.mfa_factors where id::text = $1 and user_id = $2', [factorId, s.user.id])).rows[0]
      if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found')
      if (method === 'POST' && action === 'challenge') return challenge(tx, factor)
      if (method === 'POST' && action === 'verify') {
        return verify(cfg, tx, s, factor, body, (challenge) => {
          wrongCode = { challenge, factor: factor.id }
        })
      }
      if (method === 'DELETE' && !action) return unenroll(tx, s, factor)
      return undefined
    })
    .catch((e: unknown) => {
      if (wrongCode) {
        cfg.throttles.challenge.fail(wrongCode.challenge)
        cfg.throttles.factor.fail(wrongCode.factor)
      }
      throw e
    })
  if (result === undefined) throw authError(404, 'not_found', `The local server does not implement ${method} /auth/v1${path}`)
  sendJson(res, 200, result)
}

async function enroll(cfg: AuthConfig, tx: Tx, s: SessionContext, body: unknown) {
  const { factor_type, friendly_name, issuer } = isObject(body) ? body : {}
  if (factor_type === 'phone') throw authError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
  if (factor_type !== 'totp') throw authError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn')
  const factors = await store.listFactors(tx, s.user.id)
  // Otherwise whoever holds just the password could add their own authenticator.
  if (factors.some((f) => f.status === 'verified') && s.aal !== 'aal2') {
    throw authError(422, 'insufficient_aal', 'AAL2 required to enroll a new factor')
  }
  const name = typeof friendly_name === 'string' ? friendly_name : ''
  if (name.trim() && factors.some((f) => f.friendly_name === name)) {
    throw authError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`)
  }
  const secret = new OTPAuth.Secret({ size: 20 }).base32
  const totp = new OTPAuth.TOTP({
    issuer: typeof issuer === 'string' && issuer ? issuer : new URL(cfg.issuer).host,
    label: s.user.email,
    secret,
  })
  const id = randomUUID()
  await tx.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
     values ($1, $2, $3, 'totp', 'unverified', $4)`,
    [id, s.user.id, name, secret],
  )
  const uri = totp.toString()
  // Raw SVG like GoTrue: auth-js itself prefixes `data:image/svg+xml;utf-8,` (GoTrueClient._enroll).
  const qr = await QRCode.toString(uri, { type: 'svg', margin: 1 })
  return { id, type: 'totp', friendly_name: name, totp: { qr_code: qr, secret, uri } }
}

async function challenge(tx: Tx, factor: FactorRow) {
  const id = randomUUID()
  const created = (
    await tx.query<{ created_at: Date }>('insert into auth.mfa_challenges (id, factor_id) values ($1, $2) returning created_at', [id, factor.id])
  ).rows[0]
  await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id])
  const issued = Math.floor((created?.created_at ?? new Date()).getTime() / 1000)
  return { id, type: 'totp', expires_at: issued + CHALLENGE_TTL_SECONDS }
}

async function verify(cfg: AuthConfig, tx: Tx, s: SessionContext, factor: FactorRow, body: unknown, onWrongCode: (challengeId: string) => void) {
  const { challenge_id, code } = isObject(body) ? body : {}
  // Guessing 6 digits: a few tries per challenge, and a few more per factor across challenges.
  const blocked = Math.max(cfg.throttles.challenge.blockedFor(String(challenge_id)), cfg.throttles.factor.blockedFor(factor.id))
  if (blocked) throw rateLimited(blocked)
  const ch = (
    await tx.query<{ age: number; verified_at: Date | null }>(
      `select extract(epoch from now() - created_at)::float8 as age, verified_at
       from auth.mfa_challenges where id::text = $1 and factor_id = $2`,
      [String(challenge_id), factor.id],
    )
  ).rows[0]
  if (!ch || ch.verified_at) {
    throw authError(404, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
  }
  if (ch.age > CHALLENGE_TTL_SECONDS) {
    throw authError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${String(challenge_id)} has expired, verify against another challenge or create a new challenge.`,
    )
  }
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.secret), period: TOTP_PERIOD_SECONDS })
  const delta = typeof code === 'string' ? totp.validate({ token: code, window: 1 }) : null
  if (delta === null) {
    onWrongCode(String(challenge_id))
    throw authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
  }
  // A code works once: whoever saw it (over a shoulder, in a proxy log) cannot use it again, nor
  // any older one. The time step it belongs to is stored with the factor.
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + delta
  if (factor.last_totp_step !== null && step <= Number(factor.last_totp_step)) {
    onWrongCode(String(challenge_id))
    throw authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered: this code was already used')
  }
  await tx.query('update auth.mfa_factors set last_totp_step = $2 where id = $1', [factor.id, step])
  cfg.throttles.challenge.reset(String(challenge_id))
  cfg.throttles.factor.reset(factor.id)
  await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge_id])
  await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id])
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [s.sessionId, factor.id])
  await store.addAmrClaim(tx, s.sessionId, 'totp')
  // The session's aal1 refresh tokens end here. The new one is the child of the latest, so a tab
  // that refreshes with it within the reuse interval receives this token instead of a logout.
  const latest = (
    await tx.query<{ token: string }>('select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1', [s.sessionId])
  ).rows[0]?.token
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [s.sessionId])
  const refresh = await store.issueRefreshToken(tx, s.user.id, s.sessionId, latest)
  return store.sessionJson(cfg, tx, s.user, s.sessionId, refresh)
}

async function unenroll(tx: Tx, s: SessionContext, factor: FactorRow) {
  if (factor.status === 'verified' && s.aal !== 'aal2') {
    throw authError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
  }
  // Sessions that reached aal2 through this factor drop back to aal1 on their next refresh.
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id],
  )
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factor.id])
  await tx.query('delete from auth.mfa_factors where id = $1', [factor.id])
  return { id: factor.id }
}
