// lib/leads/submit.ts against the intake contract (docs/FORMS.md): what is sent, and how every
// answer the function can give becomes what the form shows. fetch is a recording stand-in that
// answers like supabase/functions/submit-lead does.
import { describe, expect, it, vi } from 'vitest'
import { interpretResponse, submitLead, SUBMIT_PATH, type SubmitRequest } from './submit'
import type { Lead } from './schema'

const lead = {
  id: '6f1f5c56-3f43-4bb5-9f0b-3c3f9b0b2a11',
  kind: 'contact',
  locale: 'de',
  name: 'Anna Schmidt',
  email: 'anna@metzgerei.de',
  subject: 'Netze für Rollbraten',
  message: 'Bitte Muster schicken.',
  products: [],
  consent_privacy: true,
  consent_contact: true,
} as Lead

const request: SubmitRequest = {
  lead,
  captchaToken: 'tok-123',
  website: '',
  attribution: { landingPage: '/de/land/deutschland/', referrer: 'https://www.google.de/', utmSource: 'newsletter' },
}

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init! })
    return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status, headers })
  }) as unknown as typeof globalThis.fetch
  return { fetch, calls }
}

const config = (fetch: typeof globalThis.fetch) => ({ url: 'http://127.0.0.1:54321/', anonKey: 'anon-key', fetch })

describe('submitLead: the request', () => {
  it('POSTs JSON with the anon key to /functions/v1/submit-lead: lead, captcha token, honeypot, attribution', async () => {
    const { fetch, calls } = answer(201, { id: lead.id })
    await submitLead(request, config(fetch))
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe(`http://127.0.0.1:54321${SUBMIT_PATH}`)
    const init = calls[0]!.init
    expect(init.method).toBe('POST')
    expect(init.headers).toEqual({ apikey: 'anon-key', 'Content-Type': 'application/json' })
    expect(JSON.parse(String(init.body))).toEqual({
      lead,
      captchaToken: 'tok-123',
      website: '',
      attribution: { landingPage: '/de/land/deutschland/', referrer: 'https://www.google.de/', utmSource: 'newsletter' },
    })
    expect(init.signal).toBeInstanceOf(AbortSignal)
  })

  it('sends the honeypot value as it is (the server decides)', async () => {
    const { fetch, calls } = answer(200, { id: lead.id })
    expect(await submitLead({ ...request, website: 'http://spam.example' }, config(fetch))).toEqual({ kind: 'stored' })
    expect(JSON.parse(String(calls[0]!.init.body)).website).toBe('http://spam.example')
  })
})

describe('submitLead: every answer of the contract', () => {
  const cases: [string, number, unknown, Record<string, string>, unknown][] = [
    ['201 stored', 201, { id: lead.id }, {}, { kind: 'stored' }],
    ['200 duplicate (a retry of a stored lead)', 200, { id: lead.id, duplicate: true }, {}, { kind: 'stored' }],
    ['429 with Retry-After', 429, { error: 'rate_limited' }, { 'Retry-After': '540' }, { kind: 'rate-limited', retryAfterSeconds: 540 }],
    ['429 without Retry-After', 429, { error: 'rate_limited' }, {}, { kind: 'rate-limited' }],
    ['400 captcha', 400, { error: 'captcha' }, {}, { kind: 'captcha' }],
    [
      '400 invalid with issues',
      400,
      {
        error: 'invalid',
        issues: [
          { path: ['name'], message: 'form.error.required' },
          { path: ['email'], message: 'form.error.email' },
        ],
      },
      {},
      {
        kind: 'invalid',
        issues: [
          { field: 'name', message: 'form.error.required' },
          { field: 'email', message: 'form.error.email' },
        ],
      },
    ],
    [
      '400 invalid, malformed issues',
      400,
      { error: 'invalid', issues: [null, { path: [], message: 3 }] },
      {},
      { kind: 'invalid', issues: [{ field: '', message: '' }] },
    ],
    ['413 too large', 413, { error: 'too_large' }, {}, { kind: 'failed', reason: 'HTTP 413 too_large' }],
    ['500 server', 500, { error: 'server' }, {}, { kind: 'failed', reason: 'HTTP 500 server' }],
    ['502 with an HTML body', 502, '<html>Bad gateway</html>', {}, { kind: 'failed', reason: 'HTTP 502' }],
    ['400 without a known error', 400, { error: 'something-else' }, {}, { kind: 'failed', reason: 'HTTP 400 something-else' }],
  ]
  it.each(cases)('%s', async (_name, status, body, headers, expected) => {
    const { fetch } = answer(status, body, headers)
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(await submitLead(request, config(fetch))).toEqual(expected)
    spy.mockRestore()
  })

  it('a network error or a timeout is a failure, never a throw', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof fetch
    expect(await submitLead(request, config(offline))).toEqual({ kind: 'failed', reason: 'TypeError' })
    const hung = vi.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))
        }),
    ) as unknown as typeof fetch
    expect(await submitLead(request, { ...config(hung), timeoutMs: 20 })).toEqual({ kind: 'failed', reason: 'TimeoutError' })
    spy.mockRestore()
  })
})

describe('interpretResponse', () => {
  it('ignores a Retry-After that is not a positive number', () => {
    expect(interpretResponse(429, null, 'Wed, 21 Oct 2026 07:28:00 GMT')).toEqual({ kind: 'rate-limited' })
    expect(interpretResponse(429, null, '0')).toEqual({ kind: 'rate-limited' })
  })
  it('a 400 "invalid" without issues is still invalid (the form shows the general message)', () => {
    expect(interpretResponse(400, { error: 'invalid' }, null)).toEqual({ kind: 'invalid', issues: [] })
  })
})
