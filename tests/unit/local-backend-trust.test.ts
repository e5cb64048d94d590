// The local backend behaves like hosted Supabase where it matters for trust: it never
// re-initialises over a damaged data directory, a TOTP code works once, wrong codes and wrong
// passwords are throttled, and an unknown email costs the same bcrypt compare as a wrong password.
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import * as OTPAuth from 'otpauth'
import bcrypt from 'bcryptjs'
import { startLocalSupabase, ADMIN_EMAIL, ADMIN_PASSWORD, type LocalSupabase } from '../../server/local-supabase/index'
import { runDbScript } from '../helpers/db-script'
import { testClient } from '../helpers/supabase-client'

const clientFor = (s: LocalSupabase, key = s.anonKey): SupabaseClient => testClient(s.url, key)

const lead = () => ({
  id: crypto.randomUUID(),
  kind: 'contact',
  name: 'Ayşe Yılmaz',
  email: 'ayse@example.com.tr',
  subject: 'Numune',
  message: 'Numune gönderebilir misiniz?',
  locale: 'tr',
  consent_contact: true,
  consent_privacy: true,
})

describe('data directory', () => {
  let root: string
  let good: string
  let leadId: string

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'local-backend-trust-'))
    good = path.join(root, 'good')
    const sb = await startLocalSupabase({ port: 0, dataDir: good })
    const row = lead()
    leadId = row.id
    expect((await clientFor(sb, sb.serviceRoleKey).from('leads').insert(row)).error).toBeNull()
    await sb.stop()
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it.each([
    ['PG_VERSION deleted', 'PG_VERSION'],
    ['global/pg_control deleted', 'global/pg_control'],
    ['base/ deleted (half-empty)', 'base'],
  ])('%s: refuses to start, names the directory, and leaves the files alone', async (label, victim) => {
    const dir = path.join(root, label.replace(/\W+/g, '-'))
    await cp(good, dir, { recursive: true })
    await rm(path.join(dir, victim), { recursive: true })
    const before = (await readdir(dir)).sort()
    const err = await startLocalSupabase({ port: 0, dataDir: dir }).then(
      async (sb) => {
        await sb.stop()
        return undefined
      },
      (e: unknown) => e as Error,
    )
    expect(err?.message).toContain(dir)
    expect(err?.message).toContain(victim)
    expect(err?.message).toMatch(/damaged or incomplete/)
    // Nothing re-initialised: the same entries, the deleted one still missing, no lock left.
    expect((await readdir(dir)).sort()).toEqual(before)
  })

  it('backs up and restores with the npm scripts; restore refuses a non-empty target', async () => {
    const archive = path.join(root, 'backup.tar.gz')
    const target = path.join(root, 'restored')
    expect(await runDbScript('backup', '--data-dir', good, '--out', archive)).toMatchObject({ code: 0, stderr: '' })
    expect(await runDbScript('restore', archive, '--data-dir', target)).toMatchObject({ code: 0, stderr: '' })
    const refused = await runDbScript('restore', archive, '--data-dir', target)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/is not empty/)
    const sb = await startLocalSupabase({ port: 0, dataDir: target })
    try {
      const { rows } = await sb.db.query<{ id: string }>('select id from public.leads')
      expect(rows).toEqual([{ id: leadId }])
    } finally {
      await sb.stop()
    }
  })
})

describe('sign-in and TOTP', () => {
  let sb: LocalSupabase
  beforeAll(async () => {
    sb = await startLocalSupabase({ port: 0, memory: true })
  })
  afterAll(async () => {
    await sb?.stop()
  })

  async function signIn(email: string, password: string) {
    const c = clientFor(sb)
    const r = await c.auth.signInWithPassword({ email, password })
    return { c, error: r.error }
  }

  async function newUser(email: string, password: string) {
    expect((await clientFor(sb).auth.signUp({ email, password })).error).toBeNull()
  }

  it('a TOTP code, once used, is refused (also on a new challenge and in a new session)', async () => {
    const { c } = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)
    const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })
    expect(enrolled.error).toBeNull()
    const factorId = enrolled.data!.id
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data!.totp.secret) })
    const code = totp.generate()
    expect((await c.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull()

    const { c: other } = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)
    const replay = await other.auth.mfa.challengeAndVerify({ factorId, code })
    expect(replay.error?.code).toBe('mfa_verification_failed')
    expect(replay.error?.message).toMatch(/already used/)
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1')
    // The next period's code (inside the accepted window) still works once.
    const next = totp.generate({ timestamp: Date.now() + 30_000 })
    expect((await other.auth.mfa.challengeAndVerify({ factorId, code: next })).error).toBeNull()
  })

  it('five wrong codes on one challenge: the challenge is refused with 429, even with the right code', async () => {
    const email = 'throttle-totp@example.com'
    await newUser(email, 'throttle-totp-pass')
    const { c } = await signIn(email, 'throttle-totp-pass')
    const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'key' })
    const factorId = enrolled.data!.id
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data!.totp.secret) })
    const ch = await c.auth.mfa.challenge({ factorId })
    const wrong = totp.generate({ timestamp: Date.now() + 10 * 60_000 })
    for (let i = 0; i < 5; i++) {
      const r = await c.auth.mfa.verify({ factorId, challengeId: ch.data!.id, code: wrong })
      expect(r.error?.code).toBe('mfa_verification_failed')
    }
    const blocked = await c.auth.mfa.verify({ factorId, challengeId: ch.data!.id, code: totp.generate() })
    expect(blocked.error?.status).toBe(429)
    expect(blocked.error?.code).toBe('over_request_rate_limit')
    // A fresh challenge works (the factor's own limit, 10, is not reached yet).
    expect((await c.auth.mfa.challengeAndVerify({ factorId, code: totp.generate() })).error).toBeNull()
  })

  it('wrong passwords are throttled per address, known or not; other addresses are unaffected', async () => {
    const email = 'throttle-pw@example.com'
    await newUser(email, 'right-password-1')
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'wrong')).error?.code).toBe('invalid_credentials')
    const blocked = await signIn(email, 'right-password-1')
    expect(blocked.error?.status).toBe(429)
    expect(blocked.error?.code).toBe('over_request_rate_limit')
    for (let i = 0; i < 5; i++) await signIn('nobody@example.com', 'wrong')
    expect((await signIn('nobody@example.com', 'wrong')).error?.status).toBe(429)
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).error).toBeNull()
  })

  it('an unknown email runs the same bcrypt compare as a wrong password', async () => {
    // Structural, not timed (tests never assert timings): without the dummy compare an unknown
    // address would answer in ~1 ms against ~50-100 ms for a bcrypt(10) compare, which tells an
    // attacker which addresses have accounts. Both answers must run one compare at the same cost.
    const compare = vi.spyOn(bcrypt, 'compare')
    try {
      expect((await signIn('unknown-address@example.com', 'not-the-password')).error?.code).toBe('invalid_credentials')
      expect((await signIn(ADMIN_EMAIL, 'not-the-password')).error?.code).toBe('invalid_credentials')
      expect(compare).toHaveBeenCalledTimes(2)
      const [unknown, wrong] = compare.mock.calls.map(([, hash]) => hash as string)
      expect(bcrypt.getRounds(unknown!)).toBe(bcrypt.getRounds(wrong!))
      expect(unknown).not.toBe(wrong)
    } finally {
      compare.mockRestore()
    }
  })
})
