// What sales reads (issue 41, item 6): a quote needs a quantity above zero; the sales mail and the
// CSV name products, processes and units as the admin does, not by id; a lead's landing page is
// never one of the admin's own pages. Through the local backend, mail over real SMTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import { leadsCsv } from '../../components/admin/leads-csv'
import { LEAD_LABELS } from '../../supabase/functions/_shared/lead-labels'
import { smtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver'
import { uniqueEmail } from '../helpers/leads'

let receiver: SmtpReceiver
let sb: LocalSupabase
const notified = new Map<string, Promise<unknown>>()
beforeAll(async () => {
  receiver = await smtpReceiver()
  sb = await startLocalSupabase({
    port: 0,
    memory: true,
    smtpUrl: receiver.url,
    submitLead: { notify: { salesEmail: 'sales-desk@example.com' }, onNotified: (id, p) => notified.set(id, p) },
  })
})
afterAll(async () => {
  await sb?.stop()
  await receiver?.close()
})

const quote = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  kind: 'quote',
  name: 'Ana Ruiz',
  email: uniqueEmail(),
  company: 'Embutidos SL',
  country: 'España',
  products: ['beef', 'sausage-salami'],
  quantity: '300',
  quantity_unit: 'rolls',
  process: 'standard-cooking',
  locale: 'es',
  consent_privacy: true,
  ...over,
})
const post = (body: unknown) =>
  fetch(`${sb.url}/functions/v1/submit-lead`, {
    method: 'POST',
    headers: { apikey: sb.publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('what sales reads', () => {
  it('a quantity of 0 or below is a 400 naming the field', async () => {
    for (const quantity of ['0', '-5', '0.00', '\u22123']) {
      const res = await post({ lead: quote({ quantity }) })
      expect(res.status, quantity).toBe(400)
      expect(await res.json()).toEqual({ error: 'invalid', issues: [{ path: ['quantity'], message: 'form.error.invalid' }] })
    }
  })

  it('the sales mail names products, process and unit as the admin does', async () => {
    const lead = quote()
    expect((await post({ lead, attribution: { landingPage: '/es/productos/' } })).status).toBe(201)
    await notified.get(lead.id)
    const sales = receiver.mails.find((m) => m.text?.includes(lead.id))
    expect(sales?.text).toContain(`Products: ${LEAD_LABELS.products.beef}, ${LEAD_LABELS.products['sausage-salami']}`)
    expect(sales?.text).toContain(`Process: ${LEAD_LABELS.process['standard-cooking']}`)
    expect(sales?.text).toContain(`Unit: ${LEAD_LABELS.quantity_unit.rolls}`)
    expect(sales?.text).not.toMatch(/: beef|standard-cooking|: rolls/)
    expect(LEAD_LABELS.products.beef).toBe('Beef Netting')
  })

  it('the CSV names them the same way', async () => {
    const lead = quote()
    expect((await post({ lead })).status).toBe(201)
    const row = (await sb.db.query('select * from public.leads where id = $1', [lead.id])).rows[0]
    const csv = await leadsCsv([row as never], LEAD_LABELS)
    const [header, cells] = Papa.parse<string[]>(csv.trim()).data as [string[], string[]]
    const cell = (label: string) => cells[header.indexOf(label)]
    expect([cell('Products'), cell('Process'), cell('Unit')]).toEqual(['Beef Netting; Sausage & Salami Netting', 'Standard cooking', 'Rolls'])
  })

  it("an admin page is no lead's landing page", async () => {
    const fromAdmin = quote()
    expect((await post({ lead: fromAdmin, attribution: { landingPage: '/en/admin/', referrer: 'https://x.test/' } })).status).toBe(201)
    const fromSite = quote()
    expect((await post({ lead: fromSite, attribution: { landingPage: '/es/productos/' } })).status).toBe(201)
    const rows = await sb.db.query<{ id: string; landing_page: string | null }>('select id, landing_page from public.leads where id = any($1)', [
      [fromAdmin.id, fromSite.id],
    ])
    const landing = Object.fromEntries(rows.rows.map((r) => [r.id, r.landing_page]))
    expect(landing).toEqual({ [fromAdmin.id]: null, [fromSite.id]: '/es/productos/' })
  })
})
