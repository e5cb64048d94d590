// `npm run bench:leads`: the lead path's numbers on this machine, with the production code
// (the submit-lead function module on the local backend, real migrations, real SMTP):
//   - a 1,000-request flood from one client: how many leads are accepted, and how fast;
//   - intake latency (request → 201, lead stored) and mail latency (stored → both mails
//     received by an SMTP server), over 20 leads from different clients.
// Writes reports/bench-leads.json.
import { mkdirSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { startLocalSupabase } from '../../server/local-supabase/index'

const received = new Map<string, number[]>()
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    let text = ''
    stream.on('data', (c: Buffer) => (text += c.toString()))
    stream.on('end', () => {
      const id = /Lead id: ([0-9a-f-]{36})|reference: ([0-9A-F]{8})/i.exec(text)
      const key = (id?.[1] ?? id?.[2] ?? '').slice(0, 8).toUpperCase()
      received.set(key, [...(received.get(key) ?? []), performance.now()])
      callback()
    })
  },
})
await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r))
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
const sb = await startLocalSupabase({ port: 0, memory: true, trustForwardedFor: true, smtpUrl })

const lead = () => ({
  id: crypto.randomUUID(),
  kind: 'contact',
  name: 'Bench Buyer',
  email: 'buyer@example.com',
  subject: 'Sizes',
  message: 'Which diameter for a 4 kg ham?',
  locale: 'en',
  consent_contact: true,
  consent_privacy: true,
})
const post = (body: unknown, ip: string) =>
  fetch(`${sb.url}/functions/v1/submit-lead`, {
    method: 'POST',
    headers: { apikey: sb.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  })
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0

// Flood: 1,000 requests, 20 in flight, one client.
const t0 = performance.now()
const statuses: number[] = []
for (let i = 0; i < 50; i++) {
  const batch = await Promise.all(Array.from({ length: 20 }, () => post({ lead: lead() }, '198.18.0.1')))
  for (const r of batch) {
    statuses.push(r.status)
    await r.body?.cancel()
  }
}
const floodMs = performance.now() - t0
const accepted = statuses.filter((s) => s === 201).length

// Latency: one lead at a time from different clients.
const intake: number[] = []
const mail: number[] = []
for (let i = 0; i < 20; i++) {
  const l = lead()
  const key = l.id.slice(0, 8).toUpperCase()
  const start = performance.now()
  const res = await post({ lead: l }, `198.18.1.${i}`)
  const stored = performance.now()
  if (res.status !== 201) throw new Error(`lead ${i}: HTTP ${res.status}`)
  intake.push(stored - start)
  while ((received.get(key)?.length ?? 0) < 2) await new Promise((r) => setTimeout(r, 2))
  mail.push(Math.max(...(received.get(key) as number[])) - stored)
}

const report = {
  date: new Date().toISOString(),
  flood: { requests: 1000, accepted, rateLimited: statuses.filter((s) => s === 429).length, ms: Math.round(floodMs) },
  intakeMs: { p50: Math.round(pct(intake, 50)), p95: Math.round(pct(intake, 95)) },
  mailLatencyMs: { p50: Math.round(pct(mail, 50)), p95: Math.round(pct(mail, 95)), max: Math.round(Math.max(...mail)) },
}
mkdirSync('reports', { recursive: true })
writeFileSync('reports/bench-leads.json', JSON.stringify(report, null, 2) + '\n')
console.log(
  `flood: ${accepted} of 1000 accepted (${report.flood.rateLimited} × 429) in ${report.flood.ms} ms\n` +
    `intake (request → 201): p50 ${report.intakeMs.p50} ms, p95 ${report.intakeMs.p95} ms\n` +
    `mail (stored → both mails received): p50 ${report.mailLatencyMs.p50} ms, p95 ${report.mailLatencyMs.p95} ms, max ${report.mailLatencyMs.max} ms\n` +
    'wrote reports/bench-leads.json',
)
await sb.stop()
await new Promise<void>((r) => smtp.close(() => r()))
