// The Edge Function as production runs it: under real Deno (the runtime of Supabase Edge
// Functions, pinned as @deno/linux-x64-glibc), served with `deno serve` from its default export,
// storing through its production REST store on the local backend with the new secret key form,
// and mailing over real SMTP. Deno fetches the npm: imports from the registry, held to
// supabase/functions/submit-lead/deno.lock (--frozen: a changed dependency must update the lock).
import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { promisify, stripVTControlCharacters } from 'node:util'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import { smtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver'
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '../../server/webhook-receiver'

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

const DENO = path.resolve('node_modules/@deno/linux-x64-glibc/deno')
const FUNCTION_DIR = path.resolve('supabase/functions/submit-lead')
const CONFIG = ['--config', path.join(FUNCTION_DIR, 'deno.json'), '--frozen']
// Deno colours its output whenever FORCE_COLOR is set, even to 0 and beside NO_COLOR, and the
// listening line is read below: so the variable is dropped, and the line read without colours.
const { FORCE_COLOR: _forced, ...inherited } = process.env
const env = { ...inherited, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' }

let smtp: SmtpReceiver
let hooks: WebhookReceiver
let sb: LocalSupabase
let deno: ChildProcess | undefined
let functionUrl = ''
const requests: string[] = []
const requestWaiters: (() => void)[] = []

/** Resolves once the backend has answered n requests whose log line matches (the writes themselves). */
function requestServed(pattern: RegExp, n = 1): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (requests.filter((line) => pattern.test(line)).length >= n) resolve()
      else requestWaiters.push(check)
    }
    check()
  })
}

/** Starts `deno serve` on a free loopback port and resolves with its URL when it listens. */
function denoServe(extraEnv: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    DENO,
    ['serve', '--host', '127.0.0.1', '--port', '0', '--allow-net', '--allow-env', '--allow-sys=hostname', ...CONFIG, path.join(FUNCTION_DIR, 'index.ts')],
    {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const m = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(stripVTControlCharacters(output))
      if (m) resolve({ child, url: m[1] as string })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.on('exit', (code) => reject(new Error(`deno serve exited with ${code}:\n${output}`)))
  })
}

beforeAll(async () => {
  smtp = await smtpReceiver()
  hooks = await startWebhookReceiver({ port: 0 })
  sb = await startLocalSupabase({
    port: 0,
    memory: true,
    smtpUrl: '',
    log: (line) => {
      requests.push(line)
      for (const wake of requestWaiters.splice(0)) wake()
    },
  })
})

afterAll(async () => {
  deno?.kill()
  await sb?.stop()
  await smtp?.close()
  await hooks?.stop()
})

describe('submit-lead under Deno', () => {
  it('type-checks with its import map and lock file', async () => {
    await expect(promisify(execFile)(DENO, ['check', ...CONFIG, path.join(FUNCTION_DIR, 'index.ts')], { env })).resolves.toBeDefined()
  })

  it('serves its default export with `deno serve`, stores a lead through the REST store and sends both mails', async () => {
    const served = await denoServe({
      SUPABASE_URL: sb.url,
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: sb.secretKey }),
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: sb.publishableKey }),
      SMTP_URL: smtp.url,
      SALES_EMAIL: 'sales-desk@example.com',
      RATE_LIMIT_SALT: 'deno-test',
      LEAD_WEBHOOK_URL: hooks.url,
      LEAD_WEBHOOK_SECRET: hooks.secret,
    })
    deno = served.child
    functionUrl = served.url
    const lead = {
      id: crypto.randomUUID(),
      kind: 'quote',
      name: 'Mehmet Kaya',
      email: 'mehmet@kasap.example.com.tr',
      phone: '0532 123 45 67',
      company: 'Kaya Et Ürünleri',
      country: 'Türkiye',
      products: ['beef'],
      quantity: '40',
      quantity_unit: 'rolls',
      locale: 'tr',
      consent_privacy: true,
      consent_contact: true,
    }
    const pushed = new Promise<ReceivedDelivery>((resolve) => hooks.onDelivery((d) => resolve(d)))
    const res = await fetch(functionUrl, {
      method: 'POST',
      // What the hosted gateway hands the function: the client's own header kept, the real
      // address appended, and CF-Connecting-IP set.
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.0.0.1, 203.0.113.9', 'CF-Connecting-IP': '203.0.113.9' },
      body: JSON.stringify({ lead, attribution: { utmSource: 'news\u0000letter' } }),
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: lead.id })
    await smtp.arrived(2)
    const to = smtp.mails.map((m) => (Array.isArray(m.to) ? '' : m.to?.text)).sort()
    expect(to).toEqual(['mehmet@kasap.example.com.tr', 'sales-desk@example.com'])
    // The envelope holds exactly the stored address: one recipient per mail.
    expect(smtp.envelopes.map((e) => e.join(',')).sort()).toEqual(['mehmet@kasap.example.com.tr', 'sales-desk@example.com'])
    const sales = smtp.mails.find((m) => !Array.isArray(m.to) && m.to?.text === 'sales-desk@example.com')
    expect(sales?.text).toContain(lead.id)

    // Each mail's outcome is recorded right after it went: wait for both writes.
    await requestServed(/^POST \/rest\/v1\/rpc\/lead_mail_result 200 /, 2)
    const row = (await sb.db.query<Record<string, unknown>>('select * from public.leads where id = $1', [lead.id])).rows[0]
    // The phone in E.164, read in the country typed (libphonenumber-js and Intl under Deno).
    expect(row).toMatchObject({
      name: 'Mehmet Kaya',
      utm_source: 'newsletter',
      notification_status: 'sent',
      mails_sent: ['ack', 'sales'],
      phone_e164: '+905321234567',
    })

    // The lead pushed out, signed under Deno's Web Crypto and verified by the standardwebhooks package.
    const delivery = await pushed
    expect(delivery.payload).toMatchObject({ type: 'lead.created', data: { id: lead.id, name: 'Mehmet Kaya' } })
    expect(hooks.attempts).toMatchObject([{ id: delivery.id, valid: true, status: 200 }])
  })

  it('answers 415 to a text/plain submission and 400 to a NUL in a typed field', async () => {
    const plain = await fetch(functionUrl, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"lead":{}}' })
    expect(plain.status).toBe(415)
    const nul = await fetch(functionUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        lead: {
          id: crypto.randomUUID(),
          kind: 'contact',
          name: 'A\u0000',
          email: 'a@example.com',
          subject: 's',
          message: 'm',
          locale: 'en',
          consent_privacy: true,
          consent_contact: true,
        },
      }),
    })
    expect(nul.status).toBe(400)
    expect(await nul.json()).toMatchObject({ issues: [{ path: ['name'] }] })
    // An address list, a display name or a trailing dot is not one bare address.
    for (const email of ['x<victim@example.org>', 'victim@example.org,1', '"victim"@example.org', 'victim(c)@example.org', 'victim@example.org.']) {
      const res = await fetch(functionUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          lead: {
            id: crypto.randomUUID(),
            kind: 'contact',
            name: 'A',
            email,
            subject: 's',
            message: 'm',
            locale: 'en',
            consent_privacy: true,
            consent_contact: true,
          },
        }),
      })
      expect(res.status, email).toBe(400)
      expect(await res.json()).toEqual({ error: 'invalid', issues: [{ path: ['email'], message: 'form.error.email' }] })
    }
  })
})
