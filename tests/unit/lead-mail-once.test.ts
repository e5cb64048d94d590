// Every mail exactly once (issue 41, item 4), through the local backend with mail over real SMTP:
// concurrent admin resends and re-drives, a server that stores the mail and answers after the
// try's deadline, a server that refuses, and one that comes back after an outage. Time passing
// (a backoff running out) is played by moving next_attempt_at in the database, never by waiting.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { LocalSupabase } from '../../server/local-supabase/index'
import { startLeadBackend } from '../helpers/lead-backend'
import type { SmtpReceiver } from '../helpers/smtp-receiver'
import { contactLead, uniqueEmail } from '../helpers/leads'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

const notified = new Map<string, Promise<string>>()
let receiver: SmtpReceiver
let sb: LocalSupabase
// A try's deadline is the function's own (15 s), which a passing try never reaches, loaded machine
// or not; the held-answer tests end their tries once the receiver holds the messages (the event),
// through the function's attemptDeadline, instead of waiting the deadline out.
let endTries = () => {}
let deadline = Promise.resolve()
const newDeadline = () => {
  deadline = new Promise<void>((resolve) => {
    endTries = resolve
  })
}
newDeadline()
/** Submits a lead to a holding receiver and ends its tries once both mails are held. */
async function submitHeld(): Promise<{ id: string; email: string }> {
  receiver.hold = true
  const before = receiver.mails.length
  const lead = await submit()
  await receiver.arrived(before + 2)
  endTries()
  newDeadline()
  return lead
}
beforeAll(async () => {
  ;({ receiver, sb } = await startLeadBackend(notified, { notify: { attemptDeadline: () => deadline } }))
})
afterAll(async () => {
  receiver?.release()
  await sb?.stop()
  await receiver?.close()
})

let client = 0
async function submit(): Promise<{ id: string; email: string }> {
  const lead = contactLead({ email: uniqueEmail() })
  const res = await fetch(`${sb.url}/functions/v1/submit-lead`, {
    method: 'POST',
    headers: { apikey: sb.publishableKey, 'Content-Type': 'application/json', 'X-Forwarded-For': `198.19.${client >> 8}.${client++ & 255}` },
    body: JSON.stringify({ lead }),
  })
  expect(res.status).toBe(201)
  return { id: lead.id, email: lead.email }
}
const retry = () =>
  fetch(`${sb.url}/functions/v1/submit-lead/retry-pending`, {
    method: 'POST',
    headers: { apikey: sb.secretKey, 'Content-Type': 'application/json' },
    body: '{}',
  })
let token = ''
async function resend(id: string, extra: Record<string, unknown> = {}): Promise<Response> {
  if (!token) {
    const signIn = await fetch(`${sb.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: sb.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'netting-admin-2026' }),
    })
    token = ((await signIn.json()) as { access_token: string }).access_token
  }
  return fetch(`${sb.url}/functions/v1/submit-lead/resend`, {
    method: 'POST',
    headers: { apikey: sb.publishableKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, ...extra }),
  })
}
/** Copies of each mail of a lead that reached the server, by its stable Message-ID. */
const copies = (id: string) => ({
  sales: receiver.mails.filter((m) => m.messageId?.startsWith(`<${id}.sales@`)).length,
  ack: receiver.mails.filter((m) => m.messageId?.startsWith(`<${id}.ack@`)).length,
})
const mails = async (id: string) =>
  (
    await sb.db.query<{ mail: string; state: string; attempts: number }>(
      'select mail, state, attempts from public.lead_mails where lead_id = $1 order by mail',
      [id],
    )
  ).rows
const lead = async (id: string) =>
  (
    await sb.db.query<{ notification_status: string; notification_error: string | null }>(
      'select notification_status, notification_error from public.leads where id = $1',
      [id],
    )
  ).rows[0]
const backoffOver = (id?: string) =>
  sb.db.query(`update public.lead_mails set next_attempt_at = now() where state = 'failed'${id ? ' and lead_id = $1' : ''}`, id ? [id] : [])

describe('concurrent resends and re-drives send each mail once', () => {
  it('4 admin resends of one failed lead at the same moment: 1 copy of each mail, the others 409', async () => {
    receiver.failNext = 2
    const { id } = await submit()
    expect(await notified.get(id)).toBe('failed')
    const statuses = (await Promise.all([resend(id), resend(id), resend(id), resend(id)])).map((r) => r.status).sort()
    console.log(`4 simultaneous resends: statuses ${statuses.join(',')}; copies ${JSON.stringify(copies(id))} (was 4 and 4)`)
    expect(statuses).toEqual([200, 409, 409, 409])
    expect(copies(id)).toEqual({ sales: 1, ack: 1 })
  })

  it('re-drives racing a resend on 3 failed leads: each mail once', async () => {
    receiver.failNext = 6
    const ids = [(await submit()).id, (await submit()).id, (await submit()).id]
    await Promise.all(ids.map((id) => notified.get(id)))
    await backoffOver()
    await Promise.all([retry(), retry(), retry(), resend(ids[0] as string), retry()])
    for (const id of ids) expect(copies(id)).toEqual({ sales: 1, ack: 1 })
  })
})

describe('a try whose deadline passes after the handover is uncertain, never resent blindly', () => {
  it('a server that stores the mail and answers after the deadline: 1 copy, "uncertain", then "sent" when it answers', async () => {
    const { id } = await submitHeld()
    expect(await notified.get(id)).toBe('uncertain')
    receiver.hold = false
    expect(await lead(id)).toMatchObject({ notification_status: 'uncertain' })
    expect((await lead(id))?.notification_error).toMatch(/handed over, no answer before the deadline/)
    // Neither the re-drive nor a plain admin resend sends it again.
    expect(await (await retry()).json()).toMatchObject({ retried: 0 })
    expect((await resend(id)).status).toBe(409)
    expect(copies(id)).toEqual({ sales: 1, ack: 1 })
    // The server answers at last: recorded as sent, still one copy.
    const recorded = new Promise<void>((resolve) => {
      const check = async () => ((await lead(id))?.notification_status === 'sent' ? resolve() : setImmediate(check))
      check()
    })
    receiver.release()
    await recorded
    expect(copies(id)).toEqual({ sales: 1, ack: 1 })
    console.log(`server answering after the deadline: copies ${JSON.stringify(copies(id))} (was 3 and 3, then a 4th on resend)`)
  })

  it('an uncertain mail is sent again only when the admin confirms', async () => {
    const { id } = await submitHeld()
    expect(await notified.get(id)).toBe('uncertain')
    receiver.hold = false
    expect((await resend(id)).status).toBe(409)
    const confirmed = await resend(id, { confirmUncertain: true })
    expect(confirmed.status).toBe(200)
    expect(copies(id)).toEqual({ sales: 2, ack: 2 })
    receiver.release()
  })
})

describe('failed mails are re-driven with backoff, then need attention', () => {
  it('a server back after an outage: 9 of 9 leads end "sent"', async () => {
    receiver.failNext = 1000
    const ids: string[] = []
    for (let i = 0; i < 9; i++) ids.push((await submit()).id)
    expect(await Promise.all(ids.map((id) => notified.get(id)))).toEqual(Array(9).fill('failed'))
    receiver.failNext = 0
    await backoffOver()
    const res = (await (await retry()).json()) as { retried: number; sent: number }
    expect(res).toMatchObject({ retried: 18, sent: 18 })
    const states = await Promise.all(ids.map(async (id) => (await lead(id))?.notification_status))
    console.log(`9 leads during an outage, server back: ${states.filter((s) => s === 'sent').length} of 9 sent (was 0 of 9)`)
    expect(states).toEqual(Array(9).fill('sent'))
    for (const id of ids) expect(copies(id)).toEqual({ sales: 1, ack: 1 })
  })

  it('backoff 1 min, 5 min, 30 min, 2 h, 6 h, 24 h, then "needs attention"', async () => {
    receiver.failNext = 1000
    try {
      const { id } = await submit()
      await notified.get(id)
      const delays: number[] = []
      for (let attempt = 1; attempt <= 7; attempt++) {
        const { rows } = await sb.db.query<{ state: string; delay: number }>(
          `select state, round(extract(epoch from next_attempt_at - updated_at))::int as delay from public.lead_mails where lead_id = $1 and mail = 'sales'`,
          [id],
        )
        if (rows[0]?.state !== 'failed') break
        delays.push(rows[0].delay)
        await backoffOver(id)
        await retry()
      }
      expect(delays).toEqual([60, 300, 1800, 7200, 21600, 86400])
      expect(await mails(id)).toEqual([
        { mail: 'ack', state: 'needs_attention', attempts: 7 },
        { mail: 'sales', state: 'needs_attention', attempts: 7 },
      ])
      expect(await lead(id)).toMatchObject({ notification_status: 'needs_attention' })
    } finally {
      receiver.failNext = 0
    }
  })

  it('a permanent refusal (550) needs attention at once; an admin resend sends it', async () => {
    receiver.refuseNext = 2
    const { id } = await submit()
    expect(await notified.get(id)).toBe('needs_attention')
    expect(await mails(id)).toEqual([
      { mail: 'ack', state: 'needs_attention', attempts: 1 },
      { mail: 'sales', state: 'needs_attention', attempts: 1 },
    ])
    expect((await resend(id)).status).toBe(200)
    expect(copies(id)).toEqual({ sales: 1, ack: 1 })
  })
})
