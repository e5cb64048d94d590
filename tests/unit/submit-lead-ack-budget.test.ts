// Acknowledgements nobody can switch off for others (issue 41, item 3), measured through the
// local backend playing the gateway, with every mail over real SMTP: an attacker on two networks
// sending more leads than the old site-wide budget (100 an hour) held, then buyers on other
// networks; and one victim's address typed in from many networks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalSupabase } from '../../server/local-supabase/index'
import { startLeadBackend } from '../helpers/lead-backend'
import type { SmtpReceiver } from '../helpers/smtp-receiver'
import { contactLead, uniqueEmail } from '../helpers/leads'

const notified = new Map<string, Promise<unknown>>()
let receiver: SmtpReceiver
let sb: LocalSupabase
beforeAll(async () => {
  // A day's worth of the per-client rate limit (10 per 10 minutes: 1,440 a day per network)
  // in one test: the rate limit is raised so that only the acknowledgement budget decides.
  ;({ receiver, sb } = await startLeadBackend(notified, { rateLimit: 10_000 }))
})
afterAll(async () => {
  await sb?.stop()
  await receiver?.close()
})

async function send(email: string, network: string): Promise<string> {
  const lead = contactLead({ email })
  const res = await fetch(`${sb.url}/functions/v1/submit-lead`, {
    method: 'POST',
    headers: { apikey: sb.publishableKey, 'Content-Type': 'application/json', 'X-Forwarded-For': network },
    body: JSON.stringify({ lead }),
  })
  expect(res.status).toBe(201)
  await res.body?.cancel()
  return lead.id
}
const acknowledged = (email: string) => receiver.envelopes.filter((to) => to.includes(email)).length

describe('the acknowledgement budget is per network', () => {
  // 120 leads: more than the old site-wide budget let through in an hour, and six times what the
  // two networks' budgets acknowledge; more would only cost time (each lead is a real Deno call
  // and two real mails).
  it('an attacker with 2 networks sending 120 leads denies acknowledgements to 0 buyers on other networks', async () => {
    const attackIds: string[] = []
    const targets: string[] = []
    for (let i = 0; i < 60; i++) {
      // Both networks at once, one pair after another (the embedded PGlite serves one query at a time).
      const pair = ['203.0.113.10', '2001:db8:bad:1::1'].map((network) => {
        const email = uniqueEmail('target')
        targets.push(email)
        return send(email, network)
      })
      attackIds.push(...(await Promise.all(pair)))
    }
    await Promise.all(attackIds.map((id) => notified.get(id)))
    const attackAcks = targets.filter((e) => acknowledged(e) > 0).length

    const buyers = Array.from({ length: 40 }, (_, i) => ({ email: uniqueEmail('buyer'), network: `198.51.${100 + (i >> 4)}.${i}` }))
    const ids = []
    for (const b of buyers) ids.push(await send(b.email, b.network))
    await Promise.all(ids.map((id) => notified.get(id)))
    const denied = buyers.filter((b) => acknowledged(b.email) === 0).length
    console.log(`2 attacker networks, 120 leads: ${attackAcks} acknowledgements sent for them; 40 buyers on other networks: ${denied} denied (was 204 of 204)`)
    expect(attackAcks).toBe(20) // 10 a day per network
    expect(denied).toBe(0)
    // Sales got every lead, the attacker's too.
    expect(receiver.envelopes.filter((to) => to.includes('sales-desk@example.com')).length).toBeGreaterThanOrEqual(160)
  })

  it('one victim typed in from 12 networks still gets at most 3 a day', async () => {
    const victim = 'victim.budget@example.org'
    const ids = []
    for (let i = 0; i < 12; i++) ids.push(await send(i % 3 ? victim : 'Victim.Budget+x@Example.org', `192.0.2.${i + 1}`))
    await Promise.all(ids.map((id) => notified.get(id)))
    const acks = receiver.envelopes.filter((to) => to.some((a) => a.toLowerCase().startsWith('victim.budget'))).length
    console.log(`one victim from 12 networks: ${acks} acknowledgements`)
    expect(acks).toBe(3)
  })
})
