// The production store (PostgREST RPC with the service role) sends the SQL functions' own
// parameter names: each captured call is replayed on the migrated PGlite database with those
// names as named arguments, so a renamed parameter on either side fails here.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDb, type Db } from '../../server/local-supabase/db'
import { restStore } from '../../supabase/functions/submit-lead/store'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

let db: Db
beforeAll(async () => {
  db = await openDb({})
})
afterAll(async () => {
  await db?.close()
})

/** A fetch that acts as PostgREST's /rest/v1/rpc/<fn>: named JSON arguments, JSON result. */
function postgrestRpc(calls: { url: string; headers: Headers }[]): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    calls.push({ url, headers: new Headers(init?.headers) })
    const fn = /\/rest\/v1\/rpc\/([a-z_]+)$/.exec(url)?.[1]
    const args = JSON.parse(String(init?.body)) as Record<string, unknown>
    const names = Object.keys(args)
    const sql = `select public.${fn}(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')}) as r`
    const values = names.map((n) => (typeof args[n] === 'object' && args[n] !== null ? JSON.stringify(args[n]) : args[n]))
    const { rows } = await db.pg.query<{ r: unknown }>(sql, values)
    return new Response(rows[0]?.r === null || rows[0]?.r === '' ? '' : JSON.stringify(rows[0]?.r), { status: 200 })
  }) as typeof fetch
}

describe('restStore', () => {
  it('calls intake_lead and lead_notification_result with their parameter names and the service key', async () => {
    const calls: { url: string; headers: Headers }[] = []
    const store = restStore('https://ref.supabase.co/', 'service-key', postgrestRpc(calls))
    const id = crypto.randomUUID()
    const lead = {
      id,
      kind: 'contact',
      name: 'Jean',
      email: 'jean@example.fr',
      subject: 'S',
      message: 'M',
      locale: 'fr',
      consent_contact: true,
      consent_privacy: true,
      products: [],
    }
    expect(await store.intake(lead, 'e'.repeat(64), 10)).toEqual({ outcome: 'stored', id })
    expect(await store.intake(lead, 'e'.repeat(64), 10)).toEqual({ outcome: 'duplicate', id })
    await store.notificationResult(id, 'failed', 2, 'SMTP down')
    const { rows } = await db.pg.query('select notification_status, notification_attempts, notification_error from public.leads where id = $1', [id])
    expect(rows).toEqual([{ notification_status: 'failed', notification_attempts: 2, notification_error: 'SMTP down' }])
    expect(calls.map((c) => c.url)).toEqual([
      'https://ref.supabase.co/rest/v1/rpc/intake_lead',
      'https://ref.supabase.co/rest/v1/rpc/intake_lead',
      'https://ref.supabase.co/rest/v1/rpc/lead_notification_result',
    ])
    for (const c of calls) {
      expect(c.headers.get('apikey')).toBe('service-key')
      expect(c.headers.get('authorization')).toBe('Bearer service-key')
    }
  })

  it('turns an HTTP error into an exception (the handler answers 500, nothing half-done)', async () => {
    const failing = (async () => new Response('{"message":"boom"}', { status: 503 })) as typeof fetch
    await expect(restStore('https://ref.supabase.co', 'k', failing).intake({}, 'f'.repeat(64), 10)).rejects.toThrow(/HTTP 503/)
  })
})
