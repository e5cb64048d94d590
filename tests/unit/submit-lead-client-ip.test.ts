// Who the client is, per deployment shape (issue 41, item 2): the local backend plays each shape
// in front of the function (server/local-supabase/functions.ts) and hands it the matching
// CLIENT_IP_SOURCE. A client forging CF-Connecting-IP and X-Forwarded-For stays one client in
// every shape; the same forgery against a function told to trust the wrong source is counted too,
// as the figure the setting exists to prevent.
import { afterAll, describe, expect, it } from 'vitest'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import type { Gateway } from '../../server/local-supabase/functions'
import type { ClientIpSource } from '../../supabase/functions/submit-lead/client-ip'
import { contactLead, uniqueEmail } from '../helpers/leads'
import { countingWindows, storedRange } from '../helpers/rate-windows'

const started: LocalSupabase[] = []
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()))
})

/** FORGED leads from one machine (half again the limit of 10, enough to tell one client from many), each naming itself another client in both headers: how many are stored, and the limit over the windows spanned. */
const FORGED = 15
async function forged(gateway: Gateway, trust?: ClientIpSource): Promise<{ stored: number; windows: number }> {
  const sb = await startLocalSupabase({ port: 0, memory: true, smtpUrl: '', gateway, submitLead: trust ? { clientIpSource: trust } : {} })
  started.push(sb)
  const { result, windows } = await countingWindows(sb.db, async () => {
    let stored = 0
    for (let i = 0; i < FORGED; i++) {
      const res = await fetch(`${sb.url}/functions/v1/submit-lead`, {
        method: 'POST',
        headers: {
          apikey: sb.publishableKey,
          'Content-Type': 'application/json',
          'CF-Connecting-IP': `10.1.0.${i}`,
          'X-Forwarded-For': `10.2.0.${i}`,
        },
        body: JSON.stringify({ lead: contactLead({ email: uniqueEmail() }) }),
      })
      if (res.status === 201) stored++
      await res.body?.cancel()
    }
    return stored
  })
  return { stored: result, windows }
}

describe('each deployment shape with its CLIENT_IP_SOURCE keeps one machine one client', () => {
  it.each<[Gateway]>([['cloudflare'], ['appending-proxy'], ['direct']])('%s', async (gateway) => {
    const { stored, windows } = await forged(gateway)
    console.log(`${gateway}: ${FORGED} forged leads, ${stored} stored`)
    const [least, most] = storedRange(FORGED, 10, windows)
    expect(stored).toBeGreaterThanOrEqual(least)
    expect(stored).toBeLessThanOrEqual(most)
  })
})

describe('the wrong source for the shape is what the setting prevents', () => {
  it.each<[Gateway, ClientIpSource]>([
    ['appending-proxy', 'cf-connecting-ip'],
    ['direct', 'cf-connecting-ip'],
    ['direct', 'x-forwarded-for'],
  ])('%s trusting %s: every forged lead is stored', async (gateway, trust) => {
    const { stored } = await forged(gateway, trust)
    console.log(`${gateway} trusting ${trust}: ${FORGED} forged leads, ${stored} stored`)
    expect(stored).toBe(FORGED)
  })
})
