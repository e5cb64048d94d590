// The release's `supabase config push` (scripts/supabase-config-push.sh) with the real pinned
// Supabase CLI against a stand-in for the Supabase Management API: what reaches the hosted
// project's Auth settings, that a missing or local SITE_URL stops it before any request, and
// that the local values still come from supabase/.env.
import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../setup/temp-dirs'

const REF = 'abcdefghijklmnopqrst'
// The project's Auth settings as the Management API returns them: every field the CLI decodes,
// at a new project's values (sign-ups open, 6-character passwords, no TOTP).
const REMOTE_AUTH = JSON.parse(readFileSync('tests/fixtures/supabase/auth-config.json', 'utf8')) as Record<string, unknown>

interface Seen {
  method: string
  url: string
  authorization?: string
  body: string
}

let server: Server
let api: string
const seen: Seen[] = []

function answer(req: IncomingMessage, body: string): unknown {
  const path = req.url ?? ''
  if (req.method === 'GET' && path === `/v1/projects/${REF}`) {
    return { id: REF, ref: REF, name: 'site', status: 'ACTIVE_HEALTHY', region: 'eu-central-1', organization_id: 'org', created_at: '2026-01-01T00:00:00Z' }
  }
  if (req.method === 'GET' && path === `/v2/projects/${REF}/config`) {
    return { data: { type: 'project_config', id: REF, attributes: { auth: REMOTE_AUTH } } }
  }
  if (req.method === 'PATCH' && path === `/v1/projects/${REF}/config/auth`) return { ...REMOTE_AUTH, ...JSON.parse(body) }
  return {}
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body })
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(answer(req, body)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

/** A copy of supabase/config.toml and supabase/.env, and a CLI profile pointing at the stand-in. */
function workdir(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempDir('config-push-')
  mkdirSync(join(dir, 'supabase'))
  for (const f of ['config.toml', '.env']) copyFileSync(join('supabase', f), join(dir, 'supabase', f))
  const profile = join(dir, 'profile.yaml')
  writeFileSync(profile, `name: stand-in\napi_url: ${api}\ndashboard_url: ${api}\nproject_host: stand-in.test\npooler_host: pooler.stand-in.test\n`)
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    DO_NOT_TRACK: '1',
    SUPABASE_TELEMETRY_DISABLED: '1',
    SUPABASE_PROFILE: profile,
    SUPABASE_ACCESS_TOKEN: `sbp_${'0'.repeat(40)}`,
    SUPABASE_PROJECT_REF: REF,
  }
  return { dir, env }
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: stdout + stderr })
    })
  })
}

const push = (dir: string, env: NodeJS.ProcessEnv) => run('bash', ['scripts/supabase-config-push.sh', '--workdir', dir], env)

describe('supabase config push in the release (real Supabase CLI, stand-in Management API)', () => {
  it('closes sign-ups, sets the password minimum and TOTP, and uses the production site URL', { timeout: 120_000 }, async () => {
    const { dir, env } = workdir()
    seen.length = 0
    const result = await push(dir, { ...env, SITE_URL: 'https://www.netting.example/' })
    expect(result.code, result.out).toBe(0)
    const patches = seen.filter((r) => r.method === 'PATCH')
    expect(patches.map((r) => r.url)).toEqual([`/v1/projects/${REF}/config/auth`])
    expect(patches[0]?.authorization).toBe(`Bearer ${env.SUPABASE_ACCESS_TOKEN}`)
    expect(JSON.parse(patches[0]?.body ?? '{}')).toMatchObject({
      disable_signup: true,
      external_email_enabled: false,
      external_anonymous_users_enabled: false,
      password_min_length: 12,
      mfa_totp_enroll_enabled: true,
      mfa_totp_verify_enabled: true,
      refresh_token_rotation_enabled: true,
      security_refresh_token_reuse_interval: 10,
      site_url: 'https://www.netting.example',
      uri_allow_list: 'https://www.netting.example/en/admin/',
    })
  })

  it('refuses a missing, plain-http or local SITE_URL before calling the API', { timeout: 60_000 }, async () => {
    const { dir, env } = workdir()
    seen.length = 0
    for (const site of [undefined, 'http://www.netting.example', 'https://127.0.0.1:3000', 'https://localhost:3000']) {
      const result = await push(dir, site === undefined ? env : { ...env, SITE_URL: site })
      expect(result.code, site).toBe(1)
      expect(result.out).toMatch(/^supabase-config-push: SITE_URL must be the site's public/m)
    }
    expect(seen).toEqual([])
  })

  it('leaves the local values to supabase/.env (what `supabase start` uses)', { timeout: 60_000 }, async () => {
    const { dir, env } = workdir()
    const result = await run('npx', ['--no-install', 'supabase', 'config', 'diff', '--project-ref', REF, '--workdir', dir], env)
    expect(result.code, result.out).toBe(0)
    expect(result.out).toContain('local:  "http://127.0.0.1:3000" (from env SUPABASE_AUTH_SITE_URL)')
    expect(result.out).toContain('local:  ["http://127.0.0.1:3000/en/admin/"] (from env SUPABASE_AUTH_ADMIN_URL)')
  })
})
