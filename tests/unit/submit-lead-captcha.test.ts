// Captcha choice and verification (supabase/functions/submit-lead/captcha.ts) against a fake
// siteverify endpoint: Turnstile wins when both secrets are set, the form post carries secret,
// token and client address, and anything but {"success": true} fails closed.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captchaFromEnv, verifyCaptcha } from '../../supabase/functions/submit-lead/captcha'

let server: http.Server
let base = ''
const posts: URLSearchParams[] = []
let answer: { status: number; body: string } = { status: 200, body: '{"success":true}' }

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = ''
    req.on('data', (c: Buffer) => (text += c.toString()))
    req.on('end', () => {
      posts.push(new URLSearchParams(text))
      res.writeHead(answer.status, { 'Content-Type': 'application/json' })
      res.end(answer.body)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((r) => server.close(r))
})

const envOf = (vars: Record<string, string>) => (name: string) => vars[name]

describe('captchaFromEnv', () => {
  it('no secret: no captcha required', () => {
    expect(captchaFromEnv(envOf({}))).toBeUndefined()
  })
  it('hCaptcha with its default endpoint', () => {
    expect(captchaFromEnv(envOf({ HCAPTCHA_SECRET: 'h' }))).toEqual({
      provider: 'hcaptcha',
      secret: 'h',
      verifyUrl: 'https://api.hcaptcha.com/siteverify',
    })
  })
  it('Turnstile wins when both are set', () => {
    expect(captchaFromEnv(envOf({ HCAPTCHA_SECRET: 'h', TURNSTILE_SECRET: 't' }))).toEqual({
      provider: 'turnstile',
      secret: 't',
      verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    })
  })
})

describe('verifyCaptcha', () => {
  const cfg = () => ({ provider: 'turnstile' as const, secret: 'sekret', verifyUrl: `${base}/siteverify` })

  it('posts secret, response and remoteip; passes on success: true', async () => {
    answer = { status: 200, body: '{"success":true}' }
    expect(await verifyCaptcha(cfg(), 'tok', '203.0.113.9')).toBe(true)
    expect(Object.fromEntries(posts.at(-1)!)).toEqual({ secret: 'sekret', response: 'tok', remoteip: '203.0.113.9' })
  })

  it.each([
    ['success false', { status: 200, body: '{"success":false,"error-codes":["invalid-input-response"]}' }],
    ['success as a string', { status: 200, body: '{"success":"true"}' }],
    ['an HTTP error', { status: 500, body: '{"success":true}' }],
    ['not JSON', { status: 200, body: 'ok' }],
  ])('fails closed on %s', async (_label, a) => {
    answer = a
    expect(await verifyCaptcha(cfg(), 'tok', undefined)).toBe(false)
  })

  it('fails closed when the verifier is unreachable', async () => {
    expect(await verifyCaptcha({ ...cfg(), verifyUrl: 'http://127.0.0.1:9/siteverify' }, 'tok', undefined)).toBe(false)
  })
})
