// After a lead is stored: mail sales and the buyer, retrying with backoff. Whatever happens the
// lead stays stored; the outcome goes to leads.notification_* and leads.mails_sent (the admin
// shows a failure, and a resend sends only what did not go out).
//
// Every try has a deadline, and all tries together fit well inside a hosted worker's wall-clock
// limit (150 s on the free plan): a silent SMTP server must end in a recorded "failed", never in
// a worker stopped mid-wait with the lead left "pending". nodemailer's own defaults (2 minutes
// to connect, 30 s for the greeting, 10 minutes of socket silence) are far past that limit.
import nodemailer from 'nodemailer'
import type { LeadStore, MailName } from './store.ts'
import { buyerMail, loadFacts, salesMail, type MailMessage } from './mail.ts'

export interface NotifyConfig {
  /** smtp://user:pass@host:port or smtps://… (SMTP_URL). Unset: nothing is sent, status failed. */
  smtpUrl?: string
  /** Sales inbox; default content/facts.yml business.email (SALES_EMAIL overrides). */
  salesEmail?: string
  /** Sender; default "<brand> <business.email>" (MAIL_FROM overrides). */
  from?: string
  /** Site URL for the admin link; default content/facts.yml business.siteUrl (SITE_URL overrides). */
  siteUrl?: string
  /** Total tries per lead (default 3) and the first pause; each next pause doubles. */
  attempts?: number
  backoffMs?: number
  /** The most one try may take (default 15 s), and all tries together (default 50 s). */
  attemptTimeoutMs?: number
  totalTimeoutMs?: number
}

/** Which mails to send: the acknowledgement only when the caps allowed it; none already sent. */
export interface MailPlan {
  ack: boolean
  sent: string[]
}

export type SendMail = (msg: MailMessage) => Promise<void>

const transports = new Map<string, SendMail>()
function smtpSender(url: string): SendMail {
  let send = transports.get(url)
  if (!send) {
    // The URL's own query (?greetingTimeout=…) still wins: nodemailer merges it over these.
    const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 })
    send = async (msg) => {
      await transport.sendMail(msg)
    }
    transports.set(url, send)
  }
  return send
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

class Timeout extends Error {}
function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`${what}: no answer within ${ms < 10_000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000)} s`)), ms)
  })
  return Promise.race([p, limit]).finally(() => clearTimeout(timer))
}

export async function notifyLead(
  lead: Record<string, unknown>,
  store: LeadStore,
  cfg: NotifyConfig,
  send: SendMail | undefined,
  plan: MailPlan,
): Promise<'sent' | 'failed'> {
  const id = String(lead.id)
  const delivered = new Set<MailName>(plan.sent.filter((m): m is MailName => m === 'sales' || m === 'ack'))
  if (!cfg.smtpUrl && !send) {
    await store.notificationResult(id, 'failed', 0, 'SMTP_URL is not set: no mail was sent', [...delivered]).catch((e: unknown) => {
      console.error(`submit-lead: could not record the notification failure of lead ${id}`, e)
    })
    return 'failed'
  }
  const deliver = send ?? smtpSender(cfg.smtpUrl as string)
  const attempts = Math.max(1, cfg.attempts ?? 3)
  const attemptTimeout = cfg.attemptTimeoutMs ?? 15_000
  const deadline = Date.now() + (cfg.totalTimeoutMs ?? 50_000)
  let pause = cfg.backoffMs ?? 2000
  let lastError = ''
  let tries = 0
  try {
    const facts = await loadFacts()
    const siteUrl = cfg.siteUrl ?? facts.siteUrl
    const from = cfg.from ?? `${facts.brand} <${facts.email}>`
    const salesTo = cfg.salesEmail ?? facts.email
    // Two mails, each sent once: a retry resends only the one that did not go out.
    const pending: { name: MailName; msg: MailMessage }[] = []
    if (!delivered.has('sales')) pending.push({ name: 'sales', msg: salesMail(lead, facts, { from, to: salesTo, siteUrl }) })
    if (plan.ack && !delivered.has('ack')) pending.push({ name: 'ack', msg: await buyerMail(lead, facts, { from, siteUrl, replyTo: salesTo }) })
    while (pending.length && tries < attempts) {
      const left = deadline - Date.now()
      if (left <= 0) break
      tries++
      // Both at once; the ones that went out leave the list.
      const results = await Promise.allSettled(pending.map((m) => withDeadline(deliver(m.msg), Math.min(attemptTimeout, left), `SMTP (${m.name})`)))
      const failed: typeof pending = []
      const reasons: string[] = []
      results.forEach((r, i) => {
        const m = pending[i] as (typeof pending)[number]
        if (r.status === 'fulfilled') delivered.add(m.name)
        else {
          failed.push(m)
          reasons.push(r.reason instanceof Error ? r.reason.message : String(r.reason))
        }
      })
      pending.splice(0, pending.length, ...failed)
      lastError = reasons.join('; ')
      if (pending.length && tries < attempts && Date.now() + pause < deadline) {
        await sleep(pause)
        pause *= 2
      }
    }
    if (!pending.length) {
      await store.notificationResult(id, 'sent', tries, null, [...delivered])
      return 'sent'
    }
  } catch (e) {
    lastError = e instanceof Error ? e.message : String(e)
  }
  console.error(`submit-lead: notification for lead ${id} failed after ${tries} tries: ${lastError}`)
  await store.notificationResult(id, 'failed', tries, lastError || 'no try fitted in the time allowed', [...delivered]).catch((e: unknown) => {
    console.error(`submit-lead: could not record the notification failure of lead ${id}`, e)
  })
  return 'failed'
}
