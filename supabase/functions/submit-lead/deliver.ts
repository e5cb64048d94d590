// After a lead is stored, and whenever a scheduled job or an admin asks: claim the lead mails
// that are due (public.claim_lead_mails: one claimant per mail, with a lease), try each once with
// a deadline, and record the outcome under the claim (public.lead_mail_result). Whatever happens
// the lead stays stored; the admin sees each lead's summary (leads.notification_*).
//
// Exactly once: a mail is sent only by the worker holding its claim; "failed" means it certainly
// did not go out and is re-driven with backoff (1 min … 24 h, then "needs attention"); a try
// whose deadline passed after the message was handed over is "uncertain" and not sent again
// without an admin; a worker killed between handing over and recording causes at most one
// duplicate (the lease lapses, the next claim sends it once more, with the same Message-ID).
import type { ClaimedMail, LeadStore } from './store.ts'
import { buyerMail, loadFacts, salesMail, type MailMessage } from './mail.ts'
import { smtpSender, tryOnce, type SendMail, type TryResult } from './smtp-sender.ts'

export type { SendMail } from './smtp-sender.ts'

export interface NotifyConfig {
  /** smtp://user:pass@host:port or smtps://… (SMTP_URL). Unset: nothing is sent, the mails fail. */
  smtpUrl?: string
  /** Sales inbox; default content/facts.yml business.email (SALES_EMAIL overrides). */
  salesEmail?: string
  /** Sender; default "<brand> <business.email>" (MAIL_FROM overrides). */
  from?: string
  /** Site URL for the admin link; default content/facts.yml business.siteUrl (SITE_URL overrides). */
  siteUrl?: string
  /** The most one try may take (default 15 s). */
  attemptTimeoutMs?: number
  /** Ends a try early, as its deadline would: tests end a held try when the receiver holds the
   *  message (an event), so no outcome depends on how fast a loaded machine runs the timer's race. */
  attemptDeadline?: () => Promise<unknown>
  /** How long a claim holds a mail (default 60 s; longer than a try). */
  leaseMs?: number
}

export interface DeliverOptions {
  leadId?: string
  /** An admin's resend: failed and needs_attention mails whatever their next try. */
  force?: boolean
  /** With force: uncertain mails too. */
  uncertain?: boolean
  /** Pending mails younger than this belong to the worker that stored them (default 60 s; 0 for that worker). */
  pendingAgeSeconds?: number
  limit?: number
  /** Keeps a late answer's recording alive after the response (EdgeRuntime.waitUntil). */
  waitUntil?: (p: Promise<unknown>) => void
}

/** A lead's notification, as the admin will see it. */
export type NotifyOutcome = 'sent' | 'failed' | 'uncertain' | 'needs_attention' | 'none'

export interface Delivered {
  claimed: number
  sent: number
  /** The state each claimed mail ended in, by lead. */
  outcome: NotifyOutcome
}

const RANK: NotifyOutcome[] = ['none', 'sent', 'failed', 'uncertain', 'needs_attention']

export async function deliverDue(store: LeadStore, cfg: NotifyConfig, send: SendMail | undefined, opts: DeliverOptions = {}): Promise<Delivered> {
  const facts = await loadFacts()
  const from = cfg.from ?? `${facts.brand} <${facts.email}>`
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() ?? 'submit-lead.invalid'
  const attemptTimeout = cfg.attemptTimeoutMs ?? 15_000
  const claims = await store.claimMails({
    leadId: opts.leadId,
    leaseSeconds: Math.max(attemptTimeout * 2, cfg.leaseMs ?? 60_000) / 1000,
    limit: opts.limit ?? 20,
    pendingAgeSeconds: opts.pendingAgeSeconds ?? 60,
    force: opts.force,
    uncertain: opts.uncertain,
    domain,
  })
  const deliver = send ?? (cfg.smtpUrl ? smtpSender(cfg.smtpUrl) : undefined)
  const states = await Promise.all(
    claims.map(async (claim) => {
      let result: TryResult
      if (!deliver) result = { outcome: 'failed', error: 'SMTP_URL is not set: no mail was sent' }
      else {
        try {
          result = await tryOnce(deliver, await message(claim, cfg, facts, from), attemptTimeout, `SMTP (${claim.mail})`, cfg.attemptDeadline?.())
        } catch (e) {
          result = { outcome: 'failed', error: e instanceof Error ? e.message : String(e) }
        }
      }
      if (result.outcome !== 'sent')
        console.error(`submit-lead: ${claim.mail} mail of lead ${claim.lead_id}, try ${claim.attempts}: ${result.outcome}: ${result.error}`)
      const state = await store.mailResult(claim, result.outcome, result.outcome === 'sent' ? null : result.error)
      if (result.outcome === 'uncertain') {
        // The server may still answer: if it accepts after all, the mail is recorded as sent.
        const late = result.late.then(async (accepted) => {
          if (accepted) await store.mailResult(claim, 'sent', null)
        })
        opts.waitUntil?.(late.catch((e: unknown) => console.error('submit-lead: could not record a late answer', e)))
      }
      return state
    }),
  )
  const outcome = states.reduce<NotifyOutcome>((worst, s) => {
    const o: NotifyOutcome = s === 'sent' || s === 'failed' || s === 'uncertain' || s === 'needs_attention' ? s : 'none'
    return RANK.indexOf(o) > RANK.indexOf(worst) ? o : worst
  }, 'none')
  return { claimed: claims.length, sent: states.filter((s) => s === 'sent').length, outcome }
}

async function message(
  claim: ClaimedMail,
  cfg: NotifyConfig,
  facts: Awaited<ReturnType<typeof loadFacts>>,
  from: string,
): Promise<MailMessage & { messageId: string }> {
  const siteUrl = cfg.siteUrl ?? facts.siteUrl
  const salesTo = cfg.salesEmail ?? facts.email
  const msg =
    claim.mail === 'sales'
      ? salesMail(claim.lead, facts, { from, to: salesTo, siteUrl })
      : await buyerMail(claim.lead, facts, { from, siteUrl, replyTo: salesTo })
  return { ...msg, messageId: claim.message_id }
}
