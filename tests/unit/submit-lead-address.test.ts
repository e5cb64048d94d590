// One address, one mailbox (issue 41, item 1): the email field takes a bare addr-spec only, the
// mail goes to exactly the stored address (checked on the SMTP envelope, RCPT TO), and the
// per-address cap counts the mailbox however it is spelled. Through the local backend playing
// the gateway, with mail over real SMTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import { startLeadBackend } from '../helpers/lead-backend'
import type { SmtpReceiver } from '../helpers/smtp-receiver'
import { contactLead } from '../helpers/leads'
import { EMAIL_RE } from '../../lib/leads/schema'

const notified = new Map<string, Promise<unknown>>()
let receiver: SmtpReceiver
let sb: LocalSupabase
beforeAll(async () => {
  ;({ receiver, sb } = await startLeadBackend(notified))
})
afterAll(async () => {
  await sb?.stop()
  await receiver?.close()
})

let client = 0
const post = (lead: Record<string, unknown>) =>
  fetch(`${sb.url}/functions/v1/submit-lead`, {
    method: 'POST',
    // A fresh client each time, so only the per-address cap can refuse an acknowledgement.
    headers: { apikey: sb.publishableKey, 'Content-Type': 'application/json', 'X-Forwarded-For': `198.18.${client >> 8}.${client++ & 255}` },
    body: JSON.stringify({ lead }),
  })
/** Envelope recipients of every mail received so far that are not the sales inbox. */
const acksTo = (address: string) => receiver.envelopes.filter((to) => to.some((a) => a.toLowerCase().includes(address))).length

// Every spelling the attack used, and the other ways a mailer reads one string as another mailbox.
const spellings = (v: string, d: string) => [
  `x<${v}@${d}>`,
  `${v}@${d},1`,
  `"${v}"@${d}`,
  `${v}(c)@${d}`,
  `Victim <${v}@${d}>`,
  `<${v}@${d}>`,
  `${v}@${d}, ${v}@${d}`,
  `${v}@${d};other@example.net`,
  `group: ${v}@${d};`,
  `${v}@${d}.`,
  `${v}@[192.0.2.1]`,
  `${v}@${d} (comment)`,
  `"v" <${v}@${d}>`,
]

describe('the email field takes one bare address', () => {
  it('the schema refuses every spelling that is not a bare addr-spec, and keeps ordinary ones', () => {
    for (const s of spellings('victim', 'example.org')) expect(EMAIL_RE.test(s), s).toBe(false)
    for (const ok of ['victim@example.org', 'o.brien+quotes@kasap.example.com.tr', "o'neill@example.ie", 'ali@münchen.example'])
      expect(EMAIL_RE.test(ok), ok).toBe(true)
  })

  it('after the 3-a-day cap, 13 spellings of the address add 0 acknowledgements: each is a 400 naming the field', async () => {
    const victim = 'victim.spelt@example.org'
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const lead = contactLead({ email: victim })
      expect((await post(lead)).status).toBe(201)
      ids.push(lead.id)
    }
    await Promise.all(ids.map((id) => notified.get(id)))
    expect(acksTo(victim)).toBe(3)
    const refused: number[] = []
    for (const email of spellings('victim.spelt', 'example.org')) {
      const res = await post(contactLead({ email }))
      refused.push(res.status)
      expect(await res.json(), email).toEqual({ error: 'invalid', issues: [{ path: ['email'], message: 'form.error.email' }] })
    }
    expect(refused).toEqual(Array(13).fill(400))
    expect(acksTo('victim.spelt')).toBe(3)
    console.log(`spelt addresses after the cap: ${acksTo('victim.spelt') - 3} more acknowledgements (was 13)`)
  })

  it('the cap counts the mailbox: case, a +tag and Gmail dots are one address; each mail goes to the stored address only', async () => {
    const spelt = ['Buyer.One@Example.NET', 'buyer.one+a@example.net', 'buyer.one+b@EXAMPLE.net', 'BUYER.ONE@example.net']
    const ids: string[] = []
    for (const email of spelt) {
      const lead = contactLead({ email })
      expect((await post(lead)).status).toBe(201)
      ids.push(lead.id)
    }
    await Promise.all(ids.map((id) => notified.get(id)))
    const skipped = await sb.db.query<{ ack_skipped: string | null }>('select ack_skipped from public.leads where id = any($1) order by created_at', [ids])
    expect(skipped.rows.map((r) => r.ack_skipped)).toEqual([null, null, null, 'recipient_limit'])
    // Each acknowledgement's envelope holds exactly the address stored, nothing else (nodemailer
    // writes the domain in lower case, which names the same mailbox).
    const stored = (email: string) => email.replace(/@.*/, (d) => d.toLowerCase())
    for (const email of spelt.slice(0, 3)) expect(receiver.envelopes.filter((to) => to.length === 1 && to[0] === stored(email))).toHaveLength(1)
    const gmail = ['j.smith@gmail.com', 'jsmith@googlemail.com', 'J.S.mith+x@gmail.com', 'jsmith@gmail.com']
    const gids: string[] = []
    for (const email of gmail) {
      const lead = contactLead({ email })
      expect((await post(lead)).status).toBe(201)
      gids.push(lead.id)
    }
    const keys = await sb.db.query<{ mailbox_key: string; ack_skipped: string | null }>(
      'select mailbox_key, ack_skipped from public.leads where id = any($1) order by created_at',
      [gids],
    )
    expect(new Set(keys.rows.map((r) => r.mailbox_key))).toEqual(new Set(['jsmith@gmail.com']))
    expect(keys.rows.map((r) => r.ack_skipped)).toEqual([null, null, null, 'recipient_limit'])
  })

  it('the database refuses a lead whose email is not one bare address, whoever calls intake_lead', async () => {
    const lead = contactLead({ email: 'x<victim@example.org>' })
    await expect(sb.db.query('select public.intake_lead($1::jsonb, $2)', [JSON.stringify({ ...lead, products: [] }), 'e'.repeat(64)])).rejects.toThrow(
      /not one bare address/,
    )
  })

  it('from one client IP through the hosted gateway shape, 10 leads to one inbox in every spelling reach it 3 times', async () => {
    // No trusted proxy: the socket address is the client, as the rate limit sees it in production.
    const waits: Promise<unknown>[] = []
    const one = await startLocalSupabase({
      port: 0,
      memory: true,
      smtpUrl: receiver.url,
      submitLead: { notify: { salesEmail: 'sales-desk@example.com' }, onNotified: (_id, p) => waits.push(p) },
    })
    try {
      const spelt = [
        'inbox.one@example.net',
        'Inbox.One@Example.net',
        'inbox.one+1@example.net',
        'INBOX.ONE+2@EXAMPLE.NET',
        'x<inbox.one@example.net>',
        'inbox.one@example.net,1',
        '"inbox.one"@example.net',
        'inbox.one(c)@example.net',
        'inbox.one+3@example.net',
        'inbox.one@example.net.',
      ]
      const statuses: number[] = []
      for (const email of spelt) {
        const res = await fetch(`${one.url}/functions/v1/submit-lead`, {
          method: 'POST',
          headers: { apikey: one.publishableKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ lead: contactLead({ email }) }),
        })
        statuses.push(res.status)
        await res.body?.cancel()
      }
      // Every stored lead's mails tried, then count what reached the inbox.
      await Promise.all(waits)
      const { rows } = await one.db.query<{ n: number }>(`select count(*)::int as n from public.leads`)
      const acks = receiver.envelopes.filter((to) => to.some((a) => a.toLowerCase().startsWith('inbox.one'))).length
      console.log(`one client IP, 10 leads to one inbox: ${statuses.filter((x) => x === 201).length} stored, ${acks} acknowledgements reached it (was 10)`)
      expect(rows[0]?.n).toBe(5) // the 5 bare spellings; the other 5 are 400s naming the field
      expect(acks).toBe(3)
    } finally {
      await one.stop()
    }
  })
})
