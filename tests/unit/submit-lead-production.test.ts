// The function in production mode under real Deno (`deno serve`), storing through the local
// backend's REST API: settings it refuses to run without, cross-site requests, bodies that are
// not UTF-8, who the client is when the function is served directly, and the captcha (issue 41,
// items 2 and 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import { captchaVerifier, type CaptchaVerifier } from '../helpers/captcha-verifier'
import { denoServe, type DenoServed } from '../helpers/deno-serve'
import { contactLead } from '../helpers/leads'
import { countingWindows, storedRange } from '../helpers/rate-windows'

const SITE = 'https://www.site.example'
let sb: LocalSupabase
let verifier: CaptchaVerifier
const served: DenoServed[] = []
let prod: DenoServed

const platform = () => ({
  SUPABASE_URL: sb.url,
  SUPABASE_SECRET_KEYS: JSON.stringify({ default: sb.secretKey }),
  SUBMIT_LEAD_MODE: 'production',
  RATE_LIMIT_SALT: 'production-test',
})
/** Everything production requires: here the function is served directly, so the socket is the client. */
const productionSettings = () => ({
  ...platform(),
  ALLOWED_ORIGINS: SITE,
  CLIENT_IP_SOURCE: 'socket',
  HCAPTCHA_SECRET: '0xsecret',
  HCAPTCHA_VERIFY_URL: verifier.url,
})

async function serve(env: Record<string, string>): Promise<DenoServed> {
  const s = await denoServe(env)
  served.push(s)
  return s
}

beforeAll(async () => {
  sb = await startLocalSupabase({ port: 0, memory: true, smtpUrl: '' })
  verifier = await captchaVerifier()
  prod = await serve(productionSettings())
})
afterAll(async () => {
  for (const s of served) s.child.kill()
  await Promise.all(served.map((s) => s.exited))
  await sb?.stop()
  await verifier?.close()
})

const preflight = (url: string, origin: string) =>
  fetch(url, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } })

describe('production needs its settings and never answers CORS with *', () => {
  it('without CLIENT_IP_SOURCE or a captcha secret it refuses to serve, saying which', async () => {
    const { CLIENT_IP_SOURCE: _s, HCAPTCHA_SECRET: _c, ...rest } = productionSettings()
    const bare = await serve(rest)
    const res = await fetch(bare.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lead: contactLead() }) })
    expect(res.status).toBe(503)
    const { reason } = (await res.json()) as { reason: string }
    expect(reason).toContain('CLIENT_IP_SOURCE')
    expect(reason).toContain('HCAPTCHA_SECRET or TURNSTILE_SECRET')
    expect(reason).not.toContain('ALLOWED_ORIGINS')
  })

  it('without ALLOWED_ORIGINS it refuses to serve, saying which setting is missing', async () => {
    const { ALLOWED_ORIGINS: _o, ...rest } = productionSettings()
    const bare = await serve(rest)
    const res = await preflight(bare.url, 'https://evil.example')
    expect(res.status).toBe(503)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const post = await fetch(bare.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lead: contactLead() }) })
    expect(post.status).toBe(503)
    expect(await post.json()).toMatchObject({ error: 'not_configured', reason: expect.stringContaining('ALLOWED_ORIGINS') })
    expect(bare.output()).toContain('ALLOWED_ORIGINS')
  })

  it('with it, a preflight from another site gets no Access-Control-Allow-Origin; the site gets its own origin, never *', async () => {
    const evil = await preflight(prod.url, 'https://evil.example')
    expect(evil.headers.get('access-control-allow-origin')).toBeNull()
    const own = await preflight(prod.url, SITE)
    expect(own.headers.get('access-control-allow-origin')).toBe(SITE)
  })
})

describe('only UTF-8', () => {
  const body = (lead: Record<string, unknown>) => JSON.stringify({ lead, captchaToken: 'tok' })

  it('a charset other than UTF-8 is a 415, and nothing is stored', async () => {
    for (const charset of ['utf-7', 'utf-16', 'UTF-16LE', 'iso-8859-1', '"latin1"']) {
      const lead = contactLead()
      const res = await fetch(prod.url, { method: 'POST', headers: { 'Content-Type': `application/json; charset=${charset}` }, body: body(lead) })
      expect(res.status, charset).toBe(415)
      expect((await sb.db.query('select 1 from public.leads where id = $1', [lead.id])).rows).toHaveLength(0)
    }
    for (const charset of ['utf-8', 'UTF-8', '"utf-8"', 'utf8']) {
      const res = await fetch(prod.url, {
        method: 'POST',
        headers: { 'Content-Type': `application/json; charset=${charset}` },
        body: body(contactLead({ name: 'Åsa' })),
      })
      expect(res.status, charset).toBe(201)
    }
  })

  it('bytes that are not UTF-8 are a 400 naming the field, never stored as replacement characters', async () => {
    const cases: [string, number[]][] = [
      ['name', [0xff]],
      ['message', [0xc3]], // a lead byte cut short
      ['subject', [0xed, 0xa0, 0x80]], // an encoded surrogate
      ['company', [0xc0, 0xaf]], // an overlong '/'
    ]
    for (const [field, bad] of cases) {
      const lead = contactLead({ [field]: 'XX' })
      const text = Buffer.from(body(lead))
      const at = text.indexOf('XX')
      const bytes = Buffer.concat([text.subarray(0, at), Buffer.from(bad), text.subarray(at + 2)])
      const res = await fetch(prod.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: bytes })
      expect(res.status, field).toBe(400)
      expect(await res.json()).toEqual({ error: 'invalid', issues: [{ path: [field], message: 'form.error.invalid' }] })
      expect((await sb.db.query('select 1 from public.leads where id = $1', [lead.id])).rows).toHaveLength(0)
    }
    // A real U+FFFD typed by someone is text like any other.
    expect(
      (await fetch(prod.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body(contactLead({ name: 'A\ufffdB' })) })).status,
    ).toBe(201)
  })
})

const postLead = (url: string, headers: Record<string, string> = {}, lead = contactLead({ email: `b.${crypto.randomUUID().slice(0, 8)}@example.fr` })) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ lead, captchaToken: 'tok' }) })

describe('served directly (CLIENT_IP_SOURCE=socket), the client cannot name itself', () => {
  it('rotating CF-Connecting-IP and X-Forwarded-For: still one client, 10 per window', async () => {
    const direct = await serve({ ...productionSettings(), RATE_LIMIT_SALT: 'direct' })
    const { result, windows } = await countingWindows(sb.db, async () => {
      const out: number[] = []
      for (let i = 0; i < 30; i++) {
        const res = await postLead(direct.url, { 'CF-Connecting-IP': `10.7.0.${i}`, 'X-Forwarded-For': `10.6.0.${i}` })
        out.push(res.status)
        await res.body?.cancel()
      }
      return out
    })
    const stored = result.filter((s) => s === 201).length
    console.log(`served directly, 30 leads with forged client headers: ${stored} stored (limit ${10 * windows})`)
    const [least, most] = storedRange(30, 10, windows)
    expect(stored).toBeGreaterThanOrEqual(least)
    expect(stored).toBeLessThanOrEqual(most)
  })

  it('the same function told to trust CF-Connecting-IP while served directly is what the setting prevents: every lead stored', async () => {
    const wrong = await serve({ ...productionSettings(), CLIENT_IP_SOURCE: 'cf-connecting-ip', RATE_LIMIT_SALT: 'wrong' })
    const statuses: number[] = []
    for (let i = 0; i < 15; i++) statuses.push((await postLead(wrong.url, { 'CF-Connecting-IP': `10.5.0.${i}` })).status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(15)
  })
})

describe('the captcha, verified on the server', () => {
  it('a token solved on another hostname, or for another action, is refused; the right one passes', async () => {
    const turnstile = await serve({
      ...productionSettings(),
      HCAPTCHA_SECRET: '',
      TURNSTILE_SECRET: 't-secret',
      TURNSTILE_VERIFY_URL: verifier.url,
      CAPTCHA_ACTION: 'lead',
      RATE_LIMIT_SALT: 'captcha',
    })
    const cases: [Record<string, unknown>, number][] = [
      [{ success: true, hostname: 'evil.example', action: 'lead' }, 400],
      [{ success: true, hostname: 'www.site.example', action: 'login' }, 400],
      [{ success: false, hostname: 'www.site.example' }, 400],
      [{ success: true, hostname: 'www.site.example', action: 'lead' }, 201],
      [{ success: true }, 201], // nothing returned to check: the provider's word
    ]
    for (const [body, status] of cases) {
      verifier.answer = { status: 200, body }
      const res = await postLead(turnstile.url)
      expect(res.status, JSON.stringify(body)).toBe(status)
      if (status === 400) expect(await res.json()).toEqual({ error: 'captcha' })
    }
    expect(verifier.posts.at(-1)?.get('secret')).toBe('t-secret')
    expect(verifier.posts.at(-1)?.get('remoteip')).toBe('127.0.0.1')
    verifier.answer = { status: 200, body: { success: true } }
  })

  it('an unreachable verifier refuses the lead', async () => {
    const down = await serve({ ...productionSettings(), HCAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify', RATE_LIMIT_SALT: 'down' })
    expect((await postLead(down.url)).status).toBe(400)
  })
})
