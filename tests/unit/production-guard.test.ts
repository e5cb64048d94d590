// A deployment build stops on missing or local Supabase settings and on the example business
// details, naming what to set; a local build does not.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { deployment, exampleFactProblems, supabaseProblems } from '../../lib/build/production-guard'
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from '../../lib/supabase/config'

const jwt = (payload: object) => ['e30', Buffer.from(JSON.stringify(payload)).toString('base64url'), 'sig'].join('.')
const ANON = jwt({ role: 'anon', ref: 'abcd' })
const GOOD = { VITE_SUPABASE_URL: 'https://abcd.supabase.co', VITE_SUPABASE_ANON_KEY: ANON }
const REAL_FACTS = `business:\n  email: sales@elastinet.com.tr\n  siteUrl: https://www.elastinet.com.tr\n  legalName: Elastinet Ambalaj A.Ş.\n`

describe('which builds are deployment builds', () => {
  it.each([
    [{}, false, undefined],
    [{ CI: 'true' }, false, undefined],
    [{ CF_PAGES: '1' }, false, 'Cloudflare Pages build (CF_PAGES is set)'],
    [{ NETLIFY: 'true' }, false, 'Netlify build (NETLIFY is set)'],
    [{ DEPLOY: '1' }, false, 'deployment build (DEPLOY=1)'],
    [{ DEPLOY: '0' }, false, undefined],
    [{}, true, 'npm run build:production'],
  ])('%j forced=%s → %s', (env, forced, reason) => {
    expect(deployment(env, forced)?.reason).toBe(reason)
  })

  it('previews (DEPLOY=preview, Netlify deploy previews) need Supabase but not the real business details', () => {
    expect(deployment({ DEPLOY: 'preview' })).toEqual({ reason: 'preview deployment (DEPLOY=preview)', preview: true })
    expect(deployment({ NETLIFY: 'true', CONTEXT: 'deploy-preview' })?.preview).toBe(true)
    expect(deployment({ NETLIFY: 'true', CONTEXT: 'production' })?.preview).toBe(false)
  })
})

describe('Supabase settings', () => {
  it('accepts a hosted URL and an anon key', () => {
    expect(supabaseProblems(GOOD)).toEqual([])
    expect(supabaseProblems({ ...GOOD, VITE_SUPABASE_ANON_KEY: 'sb_publishable_abc123' })).toEqual([])
  })

  it('names each missing variable and what to set it to', () => {
    const [url, key] = supabaseProblems({})
    expect(url).toMatch(/^VITE_SUPABASE_URL is not set: set it to the project URL, https:\/\/<project-ref>\.supabase\.co/)
    expect(key).toMatch(/^VITE_SUPABASE_ANON_KEY is not set: set it to the project's anon \(public\) key/)
  })

  it('a partial configuration fails on the missing half', () => {
    expect(supabaseProblems({ VITE_SUPABASE_URL: GOOD.VITE_SUPABASE_URL })).toEqual([expect.stringMatching(/^VITE_SUPABASE_ANON_KEY is not set/)])
    expect(supabaseProblems({ VITE_SUPABASE_ANON_KEY: ANON, VITE_SUPABASE_URL: '  ' })).toEqual([expect.stringMatching(/^VITE_SUPABASE_URL is not set/)])
  })

  it('refuses the local fallback, plain http, a non-URL and a secret key', () => {
    expect(supabaseProblems({ VITE_SUPABASE_URL: LOCAL_SUPABASE_URL, VITE_SUPABASE_ANON_KEY: LOCAL_SUPABASE_ANON_KEY })).toEqual([
      expect.stringMatching(/is a local address/),
      expect.stringMatching(/is the local demo key/),
    ])
    expect(supabaseProblems({ ...GOOD, VITE_SUPABASE_URL: 'http://abcd.supabase.co' })[0]).toMatch(/local address|https/)
    expect(supabaseProblems({ ...GOOD, VITE_SUPABASE_URL: 'abcd' })[0]).toMatch(/is not a URL/)
    expect(supabaseProblems({ ...GOOD, VITE_SUPABASE_ANON_KEY: jwt({ role: 'service_role' }) })[0]).toMatch(/service_role.*must never reach the browser/)
    expect(supabaseProblems({ ...GOOD, VITE_SUPABASE_ANON_KEY: 'sb_secret_xyz' })[0]).toMatch(/secret/)
  })
})

describe('example business details', () => {
  it('flags the shipped example values with file, line and field', () => {
    const problems = exampleFactProblems(readFileSync('content/facts.yml', 'utf8'))
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^content\/facts\.yml:\d+ business\.email is the example value "sales@example\.com"/),
        expect.stringMatching(/^content\/facts\.yml:\d+ business\.siteUrl is the example value "https:\/\/www\.example-meat-netting\.com"/),
        expect.stringMatching(/^content\/facts\.yml:\d+ business\.legalName is the example value "Elastinet Ambalaj San\. ve Tic\. A\.Ş\."/),
        expect.stringMatching(/^content\/facts\.yml:\d+ business\.phone is the example value "\+90 212 555 01 00"/),
        expect.stringMatching(/^content\/facts\.yml:\d+ business\.whatsapp is the example value "902125550100"/),
      ]),
    )
    const line = Number(problems[0]!.match(/:(\d+) /)![1])
    expect(readFileSync('content/facts.yml', 'utf8').split('\n')[line - 1]).toContain('sales@example.com')
  })

  it('passes real details', () => {
    expect(exampleFactProblems(REAL_FACTS)).toEqual([])
  })
})

describe('the build command', () => {
  const guard = (env: Record<string, string>, args: string[] = []) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/production-guard.ts', ...args], {
      env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', ...env },
      encoding: 'utf8',
    })

  // That the guard ends before any step reads .velite/ or writes dist/: tests/unit/build-phases.test.ts.
  it('npm run build:production stops at the guard, before the build starts', () => {
    const run = spawnSync('npm', ['run', '--silent', 'build:production'], {
      env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp' },
      encoding: 'utf8',
    })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain('VITE_SUPABASE_URL is not set')
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/^build: /m)
  })

  it('a Cloudflare Pages build without the Supabase variables fails with the message', () => {
    const run = guard({ CF_PAGES: '1' })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('Production build stopped (Cloudflare Pages build (CF_PAGES is set))')
    expect(run.stderr).toContain('VITE_SUPABASE_URL is not set')
    expect(run.stderr).toContain('VITE_SUPABASE_ANON_KEY is not set')
    expect(run.stderr).toContain('business.email is the example value')
  })

  it('npm run build:production with only the URL fails on the key', () => {
    const run = guard({ VITE_SUPABASE_URL: GOOD.VITE_SUPABASE_URL }, ['--production'])
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('VITE_SUPABASE_ANON_KEY is not set')
    expect(run.stderr).not.toContain('VITE_SUPABASE_URL is not set')
  })

  it('any build with a hosted URL and no key stops, instead of shipping the demo key', () => {
    const run = guard({ VITE_SUPABASE_URL: GOOD.VITE_SUPABASE_URL })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('VITE_SUPABASE_URL is set but VITE_SUPABASE_ANON_KEY is not')
    expect(guard({ VITE_SUPABASE_ANON_KEY: ANON }).stderr).toContain('VITE_SUPABASE_ANON_KEY is set but VITE_SUPABASE_URL is not')
  })

  it('a production build needs the captcha site key; a preview does not', () => {
    const run = guard(GOOD, ['--production'])
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('VITE_HCAPTCHA_SITE_KEY is not set')
    expect(guard({ ...GOOD, VITE_HCAPTCHA_SITE_KEY: '10000000-ffff-ffff-ffff-000000000001' }, ['--production']).stderr).not.toContain('VITE_HCAPTCHA_SITE_KEY')
    expect(guard({ DEPLOY: 'preview', ...GOOD }).stderr).not.toContain('VITE_HCAPTCHA_SITE_KEY')
  })

  it('a local build passes silently with the local fallback', () => {
    const run = guard({})
    expect(run.status).toBe(0)
    expect(run.stderr).toBe('')
  })

  it('a preview with Supabase set passes and only warns about the example details', () => {
    const run = guard({ DEPLOY: 'preview', ...GOOD })
    expect(run.status).toBe(0)
    expect(run.stderr).toContain('not blocking')
  })
})
