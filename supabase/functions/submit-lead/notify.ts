// After a lead is stored: mail sales and the buyer, retrying with backoff. Whatever happens the
// lead stays stored; the outcome goes to leads.notification_* (the admin shows a failure).
import nodemailer from 'nodemailer'
import type { LeadStore } from './store.ts'
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
  /** Total tries per lead (default 4) and the first pause; each next pause doubles. */
  attempts?: number
  backoffMs?: number
}

export type SendMail = (msg: MailMessage) => Promise<void>

const transports = new Map<string, SendMail>()
function smtpSender(url: string): SendMail {
  let send = transports.get(url)
  if (!send) {
    const transport = nodemailer.createTransport(url, {})
    send = async (msg) => {
      await transport.sendMail(msg)
    }
    transports.set(url, send)
  }
  return send
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function notifyLead(lead: Record<string, unknown>, store: LeadStore, cfg: NotifyConfig, send?: SendMail): Promise<'sent' | 'failed'> {
  const id = String(lead.id)
  if (!cfg.smtpUrl && !send) {
    await store.notificationResult(id, 'failed', 0, 'SMTP_URL is not set: no mail was sent')
    return 'failed'
  }
  const deliver = send ?? smtpSender(cfg.smtpUrl as string)
  const attempts = Math.max(1, cfg.attempts ?? 4)
  let pause = cfg.backoffMs ?? 2000
  let lastError = ''
  let tries = 0
  try {
    const facts = await loadFacts()
    const siteUrl = cfg.siteUrl ?? facts.siteUrl
    const from = cfg.from ?? `${facts.brand} <${facts.email}>`
    // Two mails, each sent once: a retry resends only the one that did not go out.
    const pending = [salesMail(lead, facts, { from, to: cfg.salesEmail ?? facts.email, siteUrl }), await buyerMail(lead, facts, { from, siteUrl })]
    while (tries < attempts) {
      tries++
      // Both at once; the ones that went out leave the list.
      const results = await Promise.allSettled(pending.map((m) => deliver(m)))
      const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [{ msg: pending[i] as MailMessage, why: r.reason as unknown }] : []))
      if (!failed.length) {
        await store.notificationResult(id, 'sent', tries, null)
        return 'sent'
      }
      pending.splice(0, pending.length, ...failed.map((f) => f.msg))
      lastError = failed.map((f) => (f.why instanceof Error ? f.why.message : String(f.why))).join('; ')
      if (tries < attempts) {
        await sleep(pause)
        pause *= 2
      }
    }
  } catch (e) {
    lastError = e instanceof Error ? e.message : String(e)
  }
  console.error(`submit-lead: notification for lead ${id} failed after ${tries} tries: ${lastError}`)
  await store.notificationResult(id, 'failed', tries, lastError).catch((e: unknown) => {
    console.error(`submit-lead: could not record the notification failure of lead ${id}`, e)
  })
  return 'failed'
}
