// GoTrue's persistence, over the auth.* stand-in tables from bootstrap.sql.
import { randomBytes, randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import type { Db, Tx } from './db'
import { signAccessToken, type AmrEntry } from './jwt'
import type { AuthThrottles } from './throttle'

export interface AuthConfig {
  db: Db
  throttles: AuthThrottles
  issuer: string
  jwtExpiry: number
  /** GoTrue's refresh-token reuse interval: two tabs refreshing at once must not log each other out. */
  refreshReuseSeconds: number
}

export interface UserRow {
  id: string
  email: string
  encrypted_password: string
  email_confirmed_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  created_at: Date
  updated_at: Date
}

export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: string
  status: 'verified' | 'unverified'
  secret: string
  /** The TOTP time step of the last code accepted (replay protection). */
  last_totp_step: string | null
  created_at: Date
  updated_at: Date
}

export const BCRYPT_COST = 10

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  return (await tx.query<UserRow>('select * from auth.users where lower(email) = lower($1)', [email])).rows[0]
}

export async function findUser(tx: Tx, id: string): Promise<UserRow | undefined> {
  return (await tx.query<UserRow>('select * from auth.users where id = $1', [id])).rows[0]
}

export async function createUser(
  tx: Tx,
  // The password in clear (hashed here), or its bcrypt hash made with BCRYPT_COST.
  u: { email: string; password: string | { hash: string }; appMetadata?: Record<string, unknown>; userMetadata?: Record<string, unknown> },
): Promise<UserRow> {
  const hash = typeof u.password === 'string' ? await bcrypt.hash(u.password, BCRYPT_COST) : u.password.hash
  const app = { provider: 'email', providers: ['email'], ...u.appMetadata }
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', lower($2), $3, now(), $4, $5) returning *`,
    [randomUUID(), u.email, hash, JSON.stringify(app), JSON.stringify(u.userMetadata ?? {})],
  )
  return rows[0] as UserRow
}

export async function listFactors(tx: Tx, userId: string): Promise<FactorRow[]> {
  return (await tx.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [userId])).rows
}

export async function createSession(tx: Tx, userId: string, method: string): Promise<string> {
  const id = randomUUID()
  await tx.query('insert into auth.sessions (id, user_id) values ($1, $2)', [id, userId])
  await addAmrClaim(tx, id, method)
  await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId])
  return id
}

export async function addAmrClaim(tx: Tx, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, authentication_method) values ($1, $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  )
}

export async function issueRefreshToken(tx: Tx, userId: string, sessionId: string, parent?: string): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [token, userId, sessionId, parent ?? null])
  return token
}

export function userJson(u: UserRow, factors: FactorRow[]): Record<string, unknown> {
  const iso = (d: Date | null) => (d ? d.toISOString() : null)
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: '',
    confirmed_at: iso(u.email_confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data,
    user_metadata: u.raw_user_meta_data,
    identities: [
      {
        identity_id: u.id,
        id: u.id,
        user_id: u.id,
        identity_data: { email: u.email, email_verified: true, sub: u.id },
        provider: 'email',
        email: u.email,
        created_at: iso(u.created_at),
        updated_at: iso(u.updated_at),
        last_sign_in_at: iso(u.last_sign_in_at),
      },
    ],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: false,
    // GoTrue omits the key when there are none.
    ...(factors.length ? { factors: factors.map(factorJson) } : {}),
  }
}

export function factorJson(f: FactorRow): Record<string, unknown> {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: f.created_at.toISOString(),
    updated_at: f.updated_at.toISOString(),
  }
}

/** The session body GoTrue returns from /token, /signup and /factors/{id}/verify. */
export async function sessionJson(cfg: AuthConfig, tx: Tx, user: UserRow, sessionId: string, refreshToken: string): Promise<Record<string, unknown>> {
  const session = (await tx.query<{ aal: 'aal1' | 'aal2' }>('select aal from auth.sessions where id = $1', [sessionId])).rows[0]
  const amr: AmrEntry[] = (
    await tx.query<{ method: string; ts: number }>(
      `select authentication_method as method, extract(epoch from updated_at)::int as ts
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
      [sessionId],
    )
  ).rows.map((r) => ({ method: r.method, timestamp: r.ts }))
  const { token, expiresAt } = await signAccessToken({
    userId: user.id,
    email: user.email,
    appMetadata: user.raw_app_meta_data,
    userMetadata: user.raw_user_meta_data,
    sessionId,
    aal: session?.aal ?? 'aal1',
    amr,
    issuer: cfg.issuer,
    expiresIn: cfg.jwtExpiry,
  })
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: cfg.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await listFactors(tx, user.id)),
  }
}

export const ADMIN_EMAIL = 'admin@example.com'
export const ADMIN_PASSWORD = 'netting-admin-2026'

// The admin's password hash, made once per process: every new database seeds the same admin (a
// test run starts a few dozen in-memory backends), and the bcrypt hash is most of what seeding costs.
let adminPasswordHash: Promise<string> | undefined

/** The one admin; created on start if missing and otherwise left alone, so its factors persist. */
export async function seedAdmin(db: Db): Promise<void> {
  await db.admin(async (tx) => {
    if (await findUserByEmail(tx, ADMIN_EMAIL)) return
    adminPasswordHash ??= bcrypt.hash(ADMIN_PASSWORD, BCRYPT_COST)
    await createUser(tx, { email: ADMIN_EMAIL, password: { hash: await adminPasswordHash }, appMetadata: { role: 'admin' } })
  })
}
