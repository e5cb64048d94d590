// Exactly once on real parts (issue 41, item 4): the function under real Deno (`deno serve`)
// storing through the local backend's REST API, mail over real SMTP.
// - kill -9 between handing the mails over and recording them: the lease lapses and the next
//   claim sends each mail once more, with the same Message-ID: at most one duplicate; a second
//   lapse makes the mail "uncertain" instead of a third copy;
// - a server that stores the mail and answers after the 15 s try deadline: "uncertain", one copy,
//   then "sent" when the answer comes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import { denoServe, type DenoServed } from '../helpers/deno-serve'
import { smtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver'
import { contactLead, uniqueEmail } from '../helpers/leads'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

// Two backends, each with its receiver: the kill -9 tests on one; on the other, the server that
// answers late, whose try has to wait out the function's real 15 s deadline. That wait starts in
// beforeAll and runs out while the kill -9 tests run; its test then checks what it recorded.
interface Backend {
  receiver: SmtpReceiver
  sb: LocalSupabase
  /** Resolves once the backend has answered n requests whose log line matches. */
  answered(pattern: RegExp, n: number): Promise<void>
}
let main: Backend
let late: Backend
let lateAnswer: Promise<LateAnswer>
const served: DenoServed[] = []

async function backend(): Promise<Backend> {
  const log: string[] = []
  const wakers: (() => void)[] = []
  const receiver = await smtpReceiver()
  const sb = await startLocalSupabase({
    port: 0,
    memory: true,
    smtpUrl: receiver.url,
    log: (line) => {
      log.push(line)
      for (const wake of wakers.splice(0)) wake()
    },
  })
  const answers = (pattern: RegExp) => log.filter((l) => pattern.test(l)).length
  const answered = (pattern: RegExp, n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (answers(pattern) >= n ? resolve() : wakers.push(check))
      check()
    })
  return { receiver, sb, answered }
}

beforeAll(async () => {
  ;[main, late] = await Promise.all([backend(), backend()])
  lateAnswer = answerAfterDeadline()
  // Awaited by its test; this only keeps a failure before then from counting as unhandled.
  lateAnswer.catch(() => {})
})
afterAll(async () => {
  for (const b of [main, late]) b?.receiver.release()
  for (const s of served) s.child.kill('SIGKILL')
  await Promise.all(served.map((s) => s.exited))
  for (const b of [main, late]) {
    await b?.sb.stop()
    await b?.receiver.close()
  }
})

const serve = async ({ sb, receiver }: Backend) => {
  const s = await denoServe({
    SUPABASE_URL: sb.url,
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: sb.secretKey }),
    SMTP_URL: receiver.url,
    SALES_EMAIL: 'sales-desk@example.com',
    RATE_LIMIT_SALT: 'crash',
  })
  served.push(s)
  return s
}
const post = (url: string, i: number) => {
  const lead = contactLead({ email: uniqueEmail() })
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.18.9.${i}` },
    body: JSON.stringify({ lead }),
  }).then(async (r) => {
    expect(r.status).toBe(201)
    return lead.id
  })
}
const copiesOf = ({ receiver }: Backend, id: string, mail: string) => receiver.mails.filter((m) => m.messageId?.startsWith(`<${id}.${mail}@`)).length
const retry = async ({ sb }: Backend) =>
  (await (
    await fetch(`${sb.url}/functions/v1/submit-lead/retry-pending`, {
      method: 'POST',
      headers: { apikey: sb.secretKey, 'Content-Type': 'application/json' },
      body: '{"olderThanSeconds":0}',
    })
  ).json()) as { retried: number; sent: number }

describe('kill -9 between handing over and recording', () => {
  it('10 leads, both mails handed over, then the worker killed: each mail arrives at most twice, none is lost', async () => {
    const { sb, receiver } = main
    const deno = await serve(main)
    receiver.hold = true // the server stores each mail and keeps its answer back
    const before = receiver.mails.length
    const ids: string[] = []
    for (let i = 0; i < 10; i++) ids.push(await post(deno.url, i))
    await receiver.arrived(before + 20)
    deno.child.kill('SIGKILL')
    await deno.exited
    receiver.hold = false
    receiver.release()
    const { rows } = await sb.db.query<{ n: number }>(`select count(*)::int as n from public.lead_mails where lead_id = any($1) and state = 'sending'`, [ids])
    expect(rows[0]?.n).toBe(20) // claimed, handed over, never recorded
    // The lease lapses (played here by moving it), and the scheduled job claims them again.
    await sb.db.query(`update public.lead_mails set lease_until = now() - interval '1 second' where lead_id = any($1)`, [ids])
    expect(await retry(main)).toEqual({ retried: 20, sent: 20, deliveries: 0, delivered: 0 })
    const counts = ids.flatMap((id) => [copiesOf(main, id, 'sales'), copiesOf(main, id, 'ack')])
    console.log(
      `kill -9 after the handover of 20 mails: ${counts.filter((c) => c === 2).length} arrived twice, ${counts.filter((c) => c > 2).length} more often, ${counts.filter((c) => c === 0).length} lost (was: 3 of 10 leads got both twice, with no bound)`,
    )
    expect(receiver.mails.length - before).toBe(40)
    expect(Math.max(...counts)).toBe(2)
    expect(Math.min(...counts)).toBe(2)
    const states = await sb.db.query<{ state: string }>('select distinct state from public.lead_mails where lead_id = any($1)', [ids])
    expect(states.rows).toEqual([{ state: 'sent' }])
  })

  it('a mail whose lease lapsed twice is "uncertain", not sent a third time', async () => {
    const { sb, receiver } = main
    const lead = contactLead({ email: uniqueEmail() })
    await sb.db.query('select public.intake_lead($1::jsonb, $2)', [JSON.stringify({ ...lead, products: [] }), 'a'.repeat(64)])
    await sb.db.query(
      `update public.lead_mails set state = 'sending', lease_lapses = 1, attempts = 2, claim_token = gen_random_uuid(), lease_until = now() - interval '1 second' where lead_id = $1`,
      [lead.id],
    )
    const before = receiver.mails.length
    await retry(main)
    expect(receiver.mails.length).toBe(before)
    const { rows } = await sb.db.query('select notification_status from public.leads where id = $1', [lead.id])
    expect(rows[0]).toEqual({ notification_status: 'uncertain' })
  })
})

interface LateAnswer {
  /** The lead once both tries were recorded at their deadline, the server still holding its answers. */
  held: { notification_status: string; notification_error: string } | undefined
  /** What the scheduled job did meanwhile. */
  retried: Awaited<ReturnType<typeof retry>>
  /** The lead once the late answers were recorded. */
  answered: { notification_status: string } | undefined
  copies: { sales: number; ack: number }
}

/** One lead to a server that stores its mails and answers only after the function's 15 s deadline (on `late`). */
async function answerAfterDeadline(): Promise<LateAnswer> {
  const { sb, receiver } = late
  const result = /rpc\/lead_mail_result 200/
  const deno = await serve(late)
  receiver.hold = true
  const id = await post(deno.url, 100)
  await late.answered(result, 2) // both tries recorded at their deadline
  const held = (
    await sb.db.query<{ notification_status: string; notification_error: string }>(
      'select notification_status, notification_error from public.leads where id = $1',
      [id],
    )
  ).rows[0]
  const retried = await retry(late)
  receiver.hold = false
  receiver.release()
  await late.answered(result, 4) // the late answers recorded
  const answered = (await sb.db.query<{ notification_status: string }>('select notification_status from public.leads where id = $1', [id])).rows[0]
  return { held, retried, answered, copies: { sales: copiesOf(late, id, 'sales'), ack: copiesOf(late, id, 'ack') } }
}

describe('a server that answers after the 15 s deadline', () => {
  it('is "uncertain" with one copy of each mail, and "sent" once it answers', async () => {
    const { held, retried, answered, copies } = await lateAnswer
    expect(held?.notification_status).toBe('uncertain')
    expect(held?.notification_error).toMatch(/handed over, no answer within 15 s/)
    expect(retried).toMatchObject({ retried: 0 })
    expect(answered).toEqual({ notification_status: 'sent' })
    console.log(`answer after 15 s: ${copies.sales} sales and ${copies.ack} acknowledgement (was 3 of each, and a 4th on resend)`)
    expect([copies.sales, copies.ack]).toEqual([1, 1])
  })
})
