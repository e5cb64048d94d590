// Token signing and checking for the local server, with the Supabase CLI's public demo secret.
// Local development only: hosted projects have their own secret and keys.
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import { LOCAL_SUPABASE_ANON_KEY } from '../../lib/supabase/config'

export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
export const LOCAL_ANON_KEY = LOCAL_SUPABASE_ANON_KEY
// Also the CLI's published demo value. Lives here, never in lib/ (which ships to browsers).
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

// The new API key forms (sb_publishable_…, sb_secret_…), which are not JWTs: the gateway maps
// each to its role. These are the Supabase CLI's published local values.
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

const key = new TextEncoder().encode(LOCAL_JWT_SECRET)

/**
 * The role a project API key grants, in any of its forms: the new opaque keys by exact match,
 * the legacy keys as signed JWTs naming anon or service_role. Undefined for anything else.
 */
export async function apiKeyRole(apiKey: string): Promise<'anon' | 'service_role' | undefined> {
  if (apiKey === LOCAL_PUBLISHABLE_KEY) return 'anon'
  if (apiKey === LOCAL_SECRET_KEY) return 'service_role'
  if (apiKey.startsWith('sb_')) return undefined
  try {
    const { role } = await verifyToken(apiKey)
    return role === 'anon' || role === 'service_role' ? role : undefined
  } catch {
    return undefined
  }
}

export type ApiRole = 'anon' | 'authenticated' | 'service_role'
export const API_ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role']

export interface AmrEntry {
  method: string
  timestamp: number
}

export interface Claims {
  role: ApiRole
  sub?: string
  aal?: 'aal1' | 'aal2'
  session_id?: string
  amr?: AmrEntry[]
  app_metadata?: Record<string, unknown>
  [claim: string]: unknown
}

export class TokenError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message)
  }
}

export async function verifyToken(token: string): Promise<Claims> {
  let payload: Record<string, unknown>
  try {
    payload = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new TokenError('JWT expired', true)
    throw new TokenError('invalid JWT: unable to parse or verify signature')
  }
  // Only the three API roles: a signed token naming any other role must not become SET ROLE.
  if (!API_ROLES.includes(payload.role as ApiRole)) throw new TokenError('JWT role is not allowed')
  return payload as Claims
}

export interface AccessTokenInput {
  userId: string
  email: string
  appMetadata: Record<string, unknown>
  userMetadata: Record<string, unknown>
  sessionId: string
  aal: 'aal1' | 'aal2'
  amr: AmrEntry[]
  issuer: string
  expiresIn: number
}

// Same claim set GoTrue puts into access tokens, so RLS written for hosted Supabase reads it.
export async function signAccessToken(t: AccessTokenInput): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(Date.now() / 1000)
  const expiresAt = iat + t.expiresIn
  const token = await new SignJWT({
    email: t.email,
    phone: '',
    app_metadata: t.appMetadata,
    user_metadata: t.userMetadata,
    role: 'authenticated',
    aal: t.aal,
    amr: t.amr,
    session_id: t.sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(t.issuer)
    .setSubject(t.userId)
    .setAudience('authenticated')
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(key)
  return { token, expiresAt }
}
