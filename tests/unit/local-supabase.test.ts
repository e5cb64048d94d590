// The local server speaks enough GoTrue and PostgREST for supabase-js 2.109: sessions, refresh
// rotation, sign-out, TOTP, errors in the shapes the client parses, CORS and persistence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from 'node:http'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import * as OTPAuth from 'otpauth'
import { startLocalSupabase, ADMIN_EMAIL, ADMIN_PASSWORD, LOCAL_JWT_SECRET, type LocalSupabase } from '../../server/local-supabase/index'
import { LOCAL_SUPABASE_ANON_KEY } from '../../lib/supabase/config'
import { testClient } from '../helpers/supabase-client'

const clientFor = (s: LocalSupabase, key = s.anonKey): SupabaseClient => testClient(s.url, key)

let sb: LocalSupabase
const client = () => clientFor(sb)
async function admin(): Promise<SupabaseClient> {
  const c = client()
  expect((await c.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).error).toBeNull()
  return c
}
const lead = () => ({
  id: crypto.randomUUID(),
  kind: 'samples',
  name: 'Hans Müller',
  email: 'hans@example.de',
  company: 'Metzgerei Müller',
  products: ['beef'],
  shipping_address: 'Hauptstr. 1, 80331 München',
  locale: 'de',
  consent_privacy: true,
})

beforeAll(async () => {
  // No reuse interval, so a replayed refresh token is caught immediately.
  sb = await startLocalSupabase({ port: 0, memory: true, refreshReuseSeconds: 0 })
})
afterAll(async () => {
  await sb?.stop()
})

describe('auth', () => {
  it('uses the public demo anon key from lib/supabase/config.ts', () => {
    expect(sb.anonKey).toBe(LOCAL_SUPABASE_ANON_KEY)
    expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('a wrong password gives "Invalid login credentials"', async () => {
    const { data, error } = await client().auth.signInWithPassword({ email: ADMIN_EMAIL, password: 'nope' })
    expect(error?.message).toBe('Invalid login credentials')
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('invalid_credentials')
    expect(data.session).toBeNull()
  })

  it('the seeded admin signs in with an admin, aal1 session', async () => {
    const c = await admin()
    const { data } = await c.auth.getUser()
    expect(data.user?.email).toBe(ADMIN_EMAIL)
    expect(data.user?.app_metadata.role).toBe('admin')
    const level = await c.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })
  })

  it('sign-up returns a session; duplicates and weak passwords are refused', async () => {
    const { data, error } = await client().auth.signUp({ email: 'New@Example.com', password: 'new-user-pass' })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    expect(data.user?.email).toBe('new@example.com')
    const again = await client().auth.signUp({ email: 'new@example.com', password: 'new-user-pass' })
    expect(again.error?.message).toBe('User already registered')
    const weak = await client().auth.signUp({ email: 'weak@example.com', password: '123' })
    expect(weak.error?.name).toBe('AuthWeakPasswordError')
  })

  it('refresh rotates the token, and replaying a used one ends the session', async () => {
    const c = await admin()
    const before = (await c.auth.getSession()).data.session!
    const { data, error } = await c.auth.refreshSession()
    expect(error).toBeNull()
    expect(data.session?.refresh_token).not.toBe(before.refresh_token)
    expect(data.session?.access_token).toBeTruthy()
    expect((await c.auth.getUser()).data.user?.email).toBe(ADMIN_EMAIL)

    const replay = await client().auth.refreshSession({ refresh_token: before.refresh_token })
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used')
    // Reuse detection revoked the whole session, so even the newest token is dead now.
    const after = await client().auth.refreshSession({ refresh_token: data.session!.refresh_token })
    expect(after.error?.message).toMatch(/Invalid Refresh Token/)
  })

  it('sign-out ends the session server-side', async () => {
    const c = await admin()
    const { access_token, refresh_token } = (await c.auth.getSession()).data.session!
    expect((await c.auth.signOut()).error).toBeNull()
    expect((await c.auth.getSession()).data.session).toBeNull()
    const stale = await client().auth.getUser(access_token)
    expect(stale.error?.name).toBe('AuthSessionMissingError')
    const refresh = await client().auth.refreshSession({ refresh_token })
    expect(refresh.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found')
  })

  it('sign-out scope=local keeps the other sessions', async () => {
    const a = await admin()
    const b = await admin()
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect((await b.auth.getUser()).error).toBeNull()
  })
})

describe('TOTP factors', () => {
  it('enrol, reject a wrong code, verify to aal2, then unenrol', async () => {
    const { error } = await client().auth.signUp({ email: 'totp@example.com', password: 'totp-user-pass' })
    expect(error).toBeNull()
    const c = client()
    await c.auth.signInWithPassword({ email: 'totp@example.com', password: 'totp-user-pass' })
    const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone', issuer: 'Elastinet' })
    expect(enrolled.error).toBeNull()
    const { id, totp } = enrolled.data!
    expect(totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true)
    expect(totp.uri).toContain(`secret=${totp.secret}`)
    expect(totp.uri).toContain('issuer=Elastinet')
    const dup = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })
    expect(dup.error?.code).toBe('mfa_factor_name_conflict')

    const ch = await c.auth.mfa.challenge({ factorId: id })
    const wrong = await c.auth.mfa.verify({ factorId: id, challengeId: ch.data!.id, code: '000000' })
    expect(wrong.error?.code).toBe('mfa_verification_failed')

    const gen = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totp.secret) })
    const ok = await c.auth.mfa.verify({ factorId: id, challengeId: ch.data!.id, code: gen.generate() })
    expect(ok.error).toBeNull()
    const amr = (await c.auth.mfa.getAuthenticatorAssuranceLevel()).data!
    expect(amr.currentLevel).toBe('aal2')
    expect(amr.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual(['totp', 'password'])
    expect((await c.auth.mfa.listFactors()).data?.totp.map((f) => f.id)).toEqual([id])

    // A password-only session may not remove the factor.
    const aal1 = client()
    await aal1.auth.signInWithPassword({ email: 'totp@example.com', password: 'totp-user-pass' })
    expect((await aal1.auth.mfa.unenroll({ factorId: id })).error?.code).toBe('insufficient_aal')
    expect((await c.auth.mfa.unenroll({ factorId: id })).error).toBeNull()
    expect((await c.auth.mfa.listFactors()).data?.all).toEqual([])
  })
})

describe('REST and HTTP edges', () => {
  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${sb.url}${p}`, { headers: { apikey: sb.anonKey, ...headers } })

  it('answers CORS preflights for loopback origins only', async () => {
    const pre = (origin: string) =>
      fetch(`${sb.url}/rest/v1/leads`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info, prefer',
        },
      })
    const ok = await pre('http://127.0.0.1:5173')
    expect(ok.status).toBe(204)
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    for (const h of ['apikey', 'authorization', 'content-type', 'x-client-info', 'prefer', 'accept-profile', 'content-profile', 'x-supabase-api-version']) {
      expect(ok.headers.get('access-control-allow-headers')).toContain(h)
    }
    expect((await pre('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
  })

  it('requires a valid apikey and a validly signed bearer token', async () => {
    expect((await fetch(`${sb.url}/rest/v1/leads`)).status).toBe(401)
    expect((await get('/rest/v1/leads', { apikey: 'not-a-jwt' })).status).toBe(401)
    const forged = await new SignJWT({ role: 'authenticated', sub: crypto.randomUUID(), app_metadata: { role: 'admin' } })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-that-is-at-least-32-chars'))
    const bad = await get('/rest/v1/leads', { Authorization: `Bearer ${forged}` })
    expect(bad.status).toBe(401)
    expect((await bad.json()).code).toBe('PGRST301')
    const expired = await new SignJWT({ role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET))
    const exp = await get('/rest/v1/leads', { Authorization: `Bearer ${expired}` })
    expect(exp.status).toBe(401)
    expect((await exp.json()).code).toBe('PGRST303')
  })

  it('refuses what it does not implement with a JSON error', async () => {
    const cases: [string, number, RequestInit?][] = [
      ['/rest/v1/other_table', 404],
      ['/rest/v1/leads?name=fts.x', 400],
      ['/rest/v1/leads?select=id,other(*)', 400],
      ['/rest/v1/rpc/user_has_verified_factor', 404],
      ['/auth/v1/otp', 404, { method: 'POST', body: '{}' }],
      ['/storage/v1/object', 404],
      ['/rest/v1/leads?on_conflict=id', 501, { method: 'POST', body: '{}' }],
    ]
    for (const [p, status, init] of cases) {
      const res = await fetch(`${sb.url}${p}`, { ...init, headers: { apikey: sb.anonKey } })
      expect([p, res.status]).toEqual([p, status])
      expect(res.headers.get('content-type')).toContain('application/json')
    }
    const upsert = await client().from('leads').upsert(lead())
    expect(upsert.error).not.toBeNull()
  })

  it('serves loopback host names only (DNS rebinding)', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${sb.url}/rest/v1/leads`, { headers: { Host: 'evil.example', apikey: sb.anonKey } }, (res) => {
        res.resume()
        resolve(res.statusCode)
      })
      req.on('error', reject).end()
    })
    expect(status).toBe(403)
  })

  it('inserts arrays atomically and supports .single() for the admin', async () => {
    const rows = [lead(), lead()]
    // Only the service role inserts (the submit-lead function); arrays are its PostgREST feature.
    const svc = clientFor(sb, sb.serviceRoleKey)
    expect((await svc.from('leads').insert(rows)).error).toBeNull()
    const clash = await svc.from('leads').insert([lead(), rows[0]!])
    expect(clash.error?.code).toBe('23505')
    const c = await admin()
    const one = await c.from('leads').select('id,name').eq('id', rows[1]!.id).single()
    expect(one.data).toEqual({ id: rows[1]!.id, name: 'Hans Müller' })
    const { count } = await c.from('leads').select('*', { count: 'exact', head: true })
    expect(count).toBe(2)
  })
})

describe('persistence', () => {
  it('keeps users, leads and migration history across restarts of a data dir', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'local-supabase-'))
    try {
      const first = await startLocalSupabase({ port: 0, dataDir: dir })
      const row = lead()
      expect((await clientFor(first, first.serviceRoleKey).from('leads').insert(row)).error).toBeNull()
      await first.stop()

      const second = await startLocalSupabase({ port: 0, dataDir: dir })
      const c = clientFor(second)
      await c.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      expect((await c.from('leads').select('id')).data).toEqual([{ id: row.id }])
      const users = await second.db.query('select 1 from auth.users')
      expect(users.rows.length).toBe(1)
      const migrations = await second.db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
      const files = (await readdir('supabase/migrations')).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort()
      expect(migrations.rows.map((r) => r.version)).toEqual(files.map((f) => f.slice(0, 14)))
      await second.stop()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
