// The function in production mode under real Deno (`deno serve`), storing through the local
// backend's REST API: settings it refuses to run without, cross-site requests, and bodies that
// are not UTF-8 (issue 41, items 2 and 5).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import { denoServe, type DenoServed } from '../helpers/deno-serve'
import { contactLead } from '../helpers/leads'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const SITE = 'https://www.site.example'
let sb: LocalSupabase
const served: DenoServed[] = []
let prod: DenoServed

const platform = () => ({
  SUPABASE_URL: sb.url,
  SUPABASE_SECRET_KEYS: JSON.stringify({ default: sb.secretKey }),
  SUBMIT_LEAD_MODE: 'production',
  RATE_LIMIT_SALT: 'production-test',
})
/** Everything production requires. */
const productionSettings = () => ({ ...platform(), ALLOWED_ORIGINS: SITE })

async function serve(env: Record<string, string>): Promise<DenoServed> {
  const s = await denoServe(env)
  served.push(s)
  return s
}

beforeAll(async () => {
  sb = await startLocalSupabase({ port: 0, memory: true, smtpUrl: '' })
  prod = await serve(productionSettings())
})
afterAll(async () => {
  for (const s of served) s.child.kill()
  await Promise.all(served.map((s) => s.exited))
  await sb?.stop()
})

const preflight = (url: string, origin: string) =>
  fetch(url, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } })

describe('production needs its settings and never answers CORS with *', () => {
  it('without ALLOWED_ORIGINS it refuses to serve, saying which setting is missing', async () => {
    const bare = await serve(platform())
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
  const body = (lead: Record<string, unknown>) => JSON.stringify({ lead })

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
