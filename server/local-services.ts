// The backend services the site needs on this machine, started the same way by `npm start`
// (scripts/start.ts), `npm run dev` (scripts/dev.ts) and the backend CLI
// (scripts/supabase-local.ts): the local Supabase stand-in (forms, admin) and, unless SMTP_URL
// names a mail server, maildev, a mail catcher whose web page shows every mail a lead sends;
// unless LEAD_WEBHOOK_URL names a receiver, a local webhook receiver (server/webhook-receiver.ts)
// whose page shows every lead the backend pushes out.
// One place, so every entry point reads the same settings and prints the same lines:
//
//   PORT           the site's port (default 3000): the admin line and the links in lead mails
//   SUPABASE_PORT  the backend's port (default 54321). The site reads the same variable
//                  (lib/supabase/config.ts), so a site started or built with it calls this port.
//   SMTP_URL       send lead mails there instead of starting maildev
//   MAILDEV_SMTP_PORT / MAILDEV_WEB_PORT   maildev's ports (default 1025 / 1080; 0 = any free port)
//   LEAD_WEBHOOK_URL (+ LEAD_WEBHOOK_SECRET)  push leads there instead of starting the receiver
//   WEBHOOK_RECEIVER_PORT  the local receiver's port (default 1090; 0 = any free port)
import { DEFAULT_LOCAL_SUPABASE_PORT, localSupabasePort } from '../lib/supabase/config'
import { ADMIN_EMAIL, ADMIN_PASSWORD, DEFAULT_DATA_DIR, startLocalSupabase, type LocalSupabase } from './local-supabase/index'
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver'

type Env = Record<string, string | undefined>

export const DEFAULT_SITE_PORT = 3000

export interface LocalServicesOptions {
  /** The site's address, for the admin line and the links in lead mails. Default: SITE_URL, else http://127.0.0.1:PORT. */
  siteUrl?: string
  /** The backend's port; wins over SUPABASE_PORT (the CLI's --port). */
  port?: number
  /** Persistent database directory (default .data/pglite). */
  dataDir?: string
  /** A throwaway in-memory database; wins over dataDir. */
  memory?: boolean
  /** Called with one line per backend request. */
  log?: (line: string) => void
  /** Where PORT, SUPABASE_PORT, SMTP_URL and the maildev ports are read (default process.env). */
  env?: Env
}

export interface MailCatcher {
  smtpUrl: string
  webUrl: string
  /** Calls back with each mail maildev receives; returns the unsubscribe. */
  onMail(listener: (mail: { subject: string; text?: string; to: { address: string }[] }) => void): () => void
}

export interface LocalServices {
  backend: LocalSupabase
  /** Where lead mails go; undefined when maildev could not start and SMTP_URL is unset. */
  smtpUrl: string | undefined
  /** maildev, when it runs. */
  mailCatcher: MailCatcher | undefined
  /** The local webhook receiver, when it runs. */
  webhookReceiver: WebhookReceiver | undefined
  /** What to print: the backend, the mail, the webhooks and the admin, one line each. */
  lines: string[]
  /** Lets in-flight mails finish, then closes the backend (PGlite flushes its files), maildev and the receiver. */
  stop(): Promise<void>
}

/** A port from the environment; unset or empty gives the fallback, anything else but a port number is refused. */
export function portSetting(env: Env, name: string, fallback: number, { allowZero = false } = {}): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const port = Number(raw)
  const min = allowZero ? 0 : 1
  if (!/^\d+$/.test(raw) || port < min || port > 65535) throw new Error(`${name} must be a port number from ${min} to 65535, got "${raw}"`)
  return port
}

/** The backend's port: SUPABASE_PORT read as the site reads it (lib/supabase/config.ts), a bad value refused. */
export function supabasePortSetting(env: Env = process.env): number {
  portSetting(env, 'SUPABASE_PORT', DEFAULT_LOCAL_SUPABASE_PORT)
  return localSupabasePort(env.SUPABASE_PORT)
}

export function siteUrlSetting(env: Env = process.env): string {
  return env.SITE_URL?.trim() || `http://127.0.0.1:${portSetting(env, 'PORT', DEFAULT_SITE_PORT)}`
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

export async function startLocalServices(opts: LocalServicesOptions = {}): Promise<LocalServices> {
  const env = opts.env ?? process.env
  const siteUrl = opts.siteUrl ?? siteUrlSetting(env)
  const port = opts.port ?? supabasePortSetting(env)
  const lines: string[] = []

  // Checked before anything starts, so a bad value leaves nothing listening.
  const webhookUrl = env.LEAD_WEBHOOK_URL?.trim()
  if (webhookUrl && !URL.canParse(webhookUrl)) throw new Error('LEAD_WEBHOOK_URL must be a URL such as https://crm.example.com/hooks/leads')
  const receiverPort = portSetting(env, 'WEBHOOK_RECEIVER_PORT', 1090, { allowZero: true })

  let smtpUrl = env.SMTP_URL?.trim() || undefined
  let mailCatcher: MailCatcher | undefined
  let stopMail = async () => {}
  if (smtpUrl) {
    // Never echoed: the URL may hold the mail server's password.
    if (!URL.canParse(smtpUrl)) throw new Error('SMTP_URL must be a URL such as smtp://user:password@host:587')
    lines.push(`Mail:     lead mails go to SMTP_URL (${new URL(smtpUrl).host})`)
  } else {
    const smtp = portSetting(env, 'MAILDEV_SMTP_PORT', 1025, { allowZero: true })
    const web = portSetting(env, 'MAILDEV_WEB_PORT', 1080, { allowZero: true })
    const { MailDev } = await import('maildev')
    const maildev = new MailDev({ smtp, web, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true })
    // Its web server announces itself with console.info even when silent; the Mail line says it.
    const info = console.info
    console.info = () => {}
    try {
      const servers = await maildev.start()
      stopMail = () => maildev.stop()
      const smtpPort = servers.smtp.getPort()
      smtpUrl = `smtp://127.0.0.1:${smtpPort}`
      mailCatcher = {
        smtpUrl,
        webUrl: `http://127.0.0.1:${servers.api?.getPort() ?? web}/`,
        onMail(listener) {
          servers.smtp.on('new', listener)
          return () => void servers.smtp.off('new', listener)
        },
      }
      lines.push(`Mail:     ${mailCatcher.webUrl}  (maildev: every mail the backend sends, SMTP on ${smtpPort})`)
    } catch (e) {
      await closeAfterFailedStart(maildev)
      // The site and the leads still work; the admin shows "notification failed".
      lines.push(`Mail:     maildev could not start (${message(e)}); set SMTP_URL or free ports ${smtp}/${web}`)
    } finally {
      console.info = info
    }
  }

  // LEAD_WEBHOOK_URL set: leads go there, signed with LEAD_WEBHOOK_SECRET; else to the receiver.
  let webhookReceiver: WebhookReceiver | undefined
  // Handed to the backend as it is, so process.env never decides behind the env option's back.
  let webhook: { url?: string; secret?: string } = { url: undefined }
  if (webhookUrl) {
    webhook = { url: webhookUrl, secret: env.LEAD_WEBHOOK_SECRET?.trim() || undefined }
    lines.push(`Webhooks: leads are pushed to LEAD_WEBHOOK_URL (${new URL(webhookUrl).host})`)
  } else {
    try {
      webhookReceiver = await startWebhookReceiver({ port: receiverPort })
      webhook = { url: webhookReceiver.url, secret: webhookReceiver.secret }
      lines.push(`Webhooks: ${webhookReceiver.url}  (every lead pushed out, signature checked)`)
    } catch (e) {
      // The leads are stored all the same; each delivery is marked skipped (no URL).
      lines.push(`Webhooks: the receiver could not start (${message(e)}); set LEAD_WEBHOOK_URL or free port ${receiverPort}`)
    }
  }
  const stopReceiver = async () => {
    await webhookReceiver?.stop()
  }

  const where = opts.memory ? 'in memory, lost on exit' : `data in ${opts.dataDir ?? DEFAULT_DATA_DIR}`
  const backend = await startLocalSupabase({
    port,
    dataDir: opts.dataDir,
    memory: opts.memory,
    log: opts.log,
    // '' rather than undefined: without a mail server the backend must not fall back to SMTP_URL.
    smtpUrl: smtpUrl ?? '',
    submitLead: { notify: { siteUrl }, webhook },
  }).catch(async (e: unknown) => {
    await stopMail()
    await stopReceiver()
    throw e
  })
  lines.unshift(`Backend:  ${backend.url}  (local Supabase stand-in, ${where})`)
  lines.push(`Admin:    ${siteUrl.replace(/\/$/, '')}/en/admin/  (${ADMIN_EMAIL} / ${ADMIN_PASSWORD})`)

  let stopped: Promise<void> | undefined
  return {
    backend,
    smtpUrl,
    mailCatcher,
    webhookReceiver,
    lines,
    // The backend first: it waits for the mails and deliveries in flight, which may still be going to maildev or the receiver.
    stop: () => (stopped ??= backend.stop().finally(() => Promise.all([stopMail(), stopReceiver()]).then(() => undefined))),
  }
}

type Stoppable = { stop(): Promise<void> } | null | undefined

/**
 * maildev's stop() does nothing after a failed start, yet its SMTP server may be listening
 * already (when only the web port was taken), and would keep the process from ever exiting.
 */
async function closeAfterFailedStart(maildev: object): Promise<void> {
  const started = (maildev as { orchestrator?: { api?: Stoppable; smtp?: Stoppable } }).orchestrator
  await started?.api?.stop().catch(() => {})
  await started?.smtp?.stop().catch(() => {})
}

/** Runs stop once on Ctrl+C or SIGTERM, then exits: a clean close flushes PGlite's files. */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false
  const shutdown = () => {
    if (stopping) return
    stopping = true
    stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(`Could not stop cleanly: ${message(e)}`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}
