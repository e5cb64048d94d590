// One way to start the local services (server/local-services.ts), shared by `npm start`,
// `npm run dev` and the backend CLI: SUPABASE_PORT moves the backend and the site's Supabase URL
// together, maildev catches a lead's mails unless SMTP_URL names a server, PORT is the site the
// mails link to, the webhook receiver shows each lead pushed out unless LEAD_WEBHOOK_URL names
// one, and a stop closes everything so the data directory opens again.
// Every port is free and picked at runtime, so this runs beside a running `npm start`.
import { spawn } from 'node:child_process'
import { createConnection, createServer, type AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { createServer as createViteServer, loadConfigFromFile } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { startLocalServices, type LocalServices } from '../../server/local-services'
import { startLocalSupabase } from '../../server/local-supabase/index'
import { LOCAL_SUPABASE_ANON_KEY } from '../../lib/supabase/config'
import { tempDir } from '../setup/temp-dirs'

// PGlite, SMTP and child processes on a busy machine: generous limits, never a result.
const salesEmail = (parse(readFileSync('content/facts.yml', 'utf8')) as { business: { email: string } }).business.email

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => done(port))
    })
  })

/** Whether something accepts connections on the port (a refusal is the answer, not an error). */
const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = createConnection({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      done(true)
    })
    socket.once('error', () => done(false))
  })

const lead = () => ({
  id: crypto.randomUUID(),
  kind: 'contact',
  name: 'Ayşe Demir',
  email: `ayse+${Date.now()}@kasap.example.com.tr`,
  company: 'Demir Et',
  country: 'Türkiye',
  subject: 'Fiyat listesi',
  message: 'Fiyat listesi rica ederim',
  locale: 'tr',
  page: '/tr/iletisim/',
  consent_privacy: true,
  consent_contact: true,
})

function submit(services: LocalServices, body: Record<string, unknown>) {
  return fetch(`${services.backend.url}/functions/v1/submit-lead`, {
    method: 'POST',
    headers: { apikey: services.backend.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ lead: body }),
  })
}

/** Resolves with the first `count` mails that `accept` takes, as they arrive. */
function collect<T>(subscribe: (listener: (mail: T) => void) => () => void, accept: (mail: T) => boolean, count: number) {
  return new Promise<T[]>((done) => {
    const got: T[] = []
    const unsubscribe = subscribe((mail) => {
      if (!accept(mail)) return
      got.push(mail)
      if (got.length === count) {
        unsubscribe()
        done(got)
      }
    })
  })
}

describe('startLocalServices with SUPABASE_PORT and PORT set', () => {
  let services: LocalServices
  let supabasePort: number
  let sitePort: number
  beforeAll(async () => {
    ;[supabasePort, sitePort] = [await freePort(), await freePort()]
    services = await startLocalServices({
      memory: true,
      env: { SUPABASE_PORT: String(supabasePort), PORT: String(sitePort), MAILDEV_SMTP_PORT: '0', MAILDEV_WEB_PORT: '0', WEBHOOK_RECEIVER_PORT: '0' },
    })
  })
  afterAll(async () => {
    await services?.stop()
  })

  it('the backend answers on SUPABASE_PORT and prints where everything is', async () => {
    expect(services.backend.url).toBe(`http://127.0.0.1:${supabasePort}`)
    const res = await fetch(`http://127.0.0.1:${supabasePort}/rest/v1/leads?select=id`, { headers: { apikey: LOCAL_SUPABASE_ANON_KEY } })
    // The table exists and anon may not read it: the real backend answered, not some other server.
    expect(res.status).toBe(401)
    const mailWeb = services.mailCatcher!.webUrl
    expect(services.lines).toEqual([
      `Backend:  http://127.0.0.1:${supabasePort}  (local Supabase stand-in, in memory, lost on exit)`,
      expect.stringMatching(new RegExp(`^Mail:     ${mailWeb}  \\(maildev: every mail the backend sends, SMTP on \\d+\\)$`)),
      `Webhooks: ${services.webhookReceiver!.url}  (every lead pushed out, signature checked)`,
      `Admin:    http://127.0.0.1:${sitePort}/en/admin/  (admin@example.com / netting-admin-2026)`,
    ])
    const page = await fetch(mailWeb, { headers: { Accept: 'text/html' } })
    expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')])
  })

  it('the site built or served with the same SUPABASE_PORT calls that backend', async () => {
    // vite.config.ts reads SUPABASE_PORT when it loads; the module Vite then serves (and builds)
    // is the browser's lib/supabase/config.ts.
    process.env.SUPABASE_PORT = String(supabasePort)
    const loaded = await loadConfigFromFile({ command: 'serve', mode: 'development' }, 'vite.config.ts', undefined, 'silent').finally(() => {
      delete process.env.SUPABASE_PORT
    })
    const vite = await createViteServer({
      configFile: false,
      define: loaded?.config.define,
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: 'custom',
      logLevel: 'silent',
    })
    try {
      const config = await vite.ssrLoadModule('/lib/supabase/config.ts')
      expect(config.supabaseUrl).toBe(services.backend.url)
      expect(config.usingLocalSupabase).toBe(true)
    } finally {
      await vite.close()
    }
  })

  it("maildev receives a lead's mail to sales and the acknowledgement, linking to the site on PORT", async () => {
    const l = lead()
    type Mail = { subject: string; text?: string; to: { address: string }[] }
    const mine = (m: Mail) => m.to.some((t) => t.address === l.email) || (m.text ?? '').includes(l.id)
    const arrived = collect<Mail>((listener) => services.mailCatcher!.onMail(listener), mine, 2)
    expect((await submit(services, l)).status).toBe(201)
    const mails = await arrived
    const to = mails.map((m) => m.to.map((t) => t.address).join()).sort()
    expect(to).toEqual([l.email, salesEmail].sort())
    const sales = mails.find((m) => m.to.some((t) => t.address === salesEmail))
    expect(sales?.text).toContain(`http://127.0.0.1:${sitePort}/en/admin/#lead=${l.id}`)
  })

  it('the webhook receiver gets the lead, signed, and lists it on its page as text', async () => {
    const l = { ...lead(), name: 'Ayşe <b>Demir</b>' }
    const arrived = new Promise<void>((done) => {
      const off = services.webhookReceiver!.onDelivery((d) => {
        if ((d.payload as { data: { id: string } }).data.id !== l.id) return
        off()
        done()
      })
    })
    expect((await submit(services, l)).status).toBe(201)
    await arrived
    const page = await (await fetch(services.webhookReceiver!.url)).text()
    expect(page).toContain('Ayşe &#60;b&#62;Demir&#60;/b&#62;')
    expect(page).not.toContain('<b>Demir')
  })

  it('stop closes the backend, maildev and the webhook receiver', async () => {
    const smtpPort = Number(new URL(services.smtpUrl!).port)
    const webPort = Number(new URL(services.mailCatcher!.webUrl).port)
    const hookPort = Number(new URL(services.webhookReceiver!.url).port)
    expect(await listening(smtpPort)).toBe(true)
    await services.stop()
    expect([await listening(supabasePort), await listening(smtpPort), await listening(webPort), await listening(hookPort)]).toEqual([
      false,
      false,
      false,
      false,
    ])
  })
})

describe('startLocalServices with SMTP_URL set', () => {
  it('starts no mail catcher and sends the mails there', async () => {
    const listeners = new Set<(m: ParsedMail) => void>()
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then((m) => {
          for (const l of listeners) l(m)
          callback()
        }, callback)
      },
    })
    await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done))
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
    const services = await startLocalServices({ memory: true, env: { SUPABASE_PORT: String(await freePort()), SMTP_URL: smtpUrl, WEBHOOK_RECEIVER_PORT: '0' } })
    try {
      expect(services.mailCatcher).toBeUndefined()
      expect(services.smtpUrl).toBe(smtpUrl)
      expect(services.lines[1]).toBe(`Mail:     lead mails go to SMTP_URL (${new URL(smtpUrl).host})`)
      const l = lead()
      const arrived = collect<ParsedMail>(
        (listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
        (m) => (m.text ?? '').includes(l.id) || JSON.stringify(m.to).includes(l.email),
        2,
      )
      expect((await submit(services, l)).status).toBe(201)
      expect(await arrived).toHaveLength(2)
    } finally {
      await services.stop()
      await new Promise<void>((done) => smtp.close(() => done()))
    }
  })
})

describe('startLocalServices when maildev cannot start', () => {
  it('runs the backend without it, says so, and leaves nothing of maildev listening', async () => {
    const taken = createServer()
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done))
    const webPort = (taken.address() as AddressInfo).port
    const smtpPort = await freePort()
    try {
      const services = await startLocalServices({
        memory: true,
        env: { SUPABASE_PORT: String(await freePort()), MAILDEV_SMTP_PORT: String(smtpPort), MAILDEV_WEB_PORT: String(webPort), WEBHOOK_RECEIVER_PORT: '0' },
      })
      await services.stop()
      expect([services.mailCatcher, services.smtpUrl]).toEqual([undefined, undefined])
      expect(services.lines[1]).toMatch(
        new RegExp(`^Mail: {5}maildev could not start \\(.*EADDRINUSE.*\\); set SMTP_URL or free ports ${smtpPort}/${webPort}$`),
      )
      // Its SMTP server had started before the web port failed: it must be closed too, or the
      // process would never exit.
      expect(await listening(smtpPort)).toBe(false)
    } finally {
      await new Promise((done) => taken.close(done))
    }
  })
})

describe('settings that are not ports', () => {
  it.each([
    ['SUPABASE_PORT', '5432x'],
    ['SUPABASE_PORT', '0'],
    ['PORT', '70000'],
    ['MAILDEV_SMTP_PORT', '-1'],
    ['WEBHOOK_RECEIVER_PORT', '1090x'],
  ])('%s=%s is refused naming the variable and the value, before anything starts', async (name, value) => {
    await expect(startLocalServices({ memory: true, env: { SUPABASE_PORT: '1', [name]: value } })).rejects.toThrow(
      new RegExp(`^${name} must be a port number from \\d to 65535, got "${value}"$`),
    )
  })
})

it('a malformed SMTP_URL is refused without echoing it (it may hold a password)', async () => {
  const start = startLocalServices({ memory: true, env: { SUPABASE_PORT: '1', SMTP_URL: 'smtp//user:s3cret@mail' } })
  await expect(start).rejects.toThrow('SMTP_URL must be a URL such as smtp://user:password@host:587')
  await expect(start).rejects.not.toThrow('s3cret')
})

describe('the backend CLI (scripts/supabase-local.ts)', () => {
  it('listens on SUPABASE_PORT, prints both key forms, and on SIGTERM closes the database cleanly', async () => {
    const port = await freePort()
    const dataDir = tempDir('local-services-cli-')
    const env = { ...process.env, SUPABASE_PORT: String(port), MAILDEV_SMTP_PORT: '0', MAILDEV_WEB_PORT: '0', WEBHOOK_RECEIVER_PORT: '0', SMTP_URL: '' }
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/supabase-local.ts', '--data-dir', dataDir, '--quiet'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
    const ready = new Promise<void>((done, fail) => {
      const read = (chunk: Buffer) => {
        output += chunk
        if (output.includes('Press Ctrl+C to stop.')) done()
      }
      child.stdout.on('data', read)
      child.stderr.on('data', read)
      void exited.then((code) => fail(new Error(`the CLI exited (${code}) before it was ready:\n${output}`)))
    })
    try {
      await ready
      expect(output).toContain(`Backend:  http://127.0.0.1:${port}  (local Supabase stand-in, data in ${dataDir})`)
      expect(output).toMatch(/^Mail: {5}http:\/\/127\.0\.0\.1:\d+\/ {2}\(maildev/m)
      expect(output).toMatch(/^ {2}publishable: +sb_publishable_\S+$/m)
      expect(output).toMatch(/^ {2}secret: +sb_secret_\S+ /m)
      expect(output).toContain(LOCAL_SUPABASE_ANON_KEY)
      expect(output).toMatch(/^ {2}service_role: +eyJ\S+ /m)
      const res = await fetch(`http://127.0.0.1:${port}/rest/v1/leads?select=id`, {
        headers: { apikey: output.match(/secret: +(\S+)/)![1]! },
      })
      expect(await res.json()).toEqual([])
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
    // Closed cleanly: the lock is gone and the database opens whole.
    const again = await startLocalSupabase({ port: 0, dataDir })
    await again.stop()
  })
})
