// The admin inbox at scale (it must stay usable with 100,000 leads): seeds N leads through SQL as
// the database owner into an in-memory local backend with the real migrations, then drives the
// built admin page in Chromium and times what a sales person waits for:
//   - sign-in click → page 1 of the list shown with its total (loads supabase-js, signs in, counts);
//   - reload with the saved session → page 1 shown;
//   - Next page, a status filter, and a text search (after its 300 ms typing pause);
//   - the REST call for page 1 with Prefer: count=exact alone, and the CSV export of a filtered set.
// Part of `npm run bench`; on its own: node --import tsx scripts/bench/admin-inbox.ts [--leads N] [--runs N]
import { parseArgs } from 'node:util'
import { chromium, type Page } from 'playwright-core'
import { LOCAL_SUPABASE_URL } from '../../lib/supabase/config'
import { ADMIN_EMAIL, ADMIN_PASSWORD, startLocalSupabase } from '../../server/local-supabase/index'
import { startStaticServer } from '../../server/preview/static-server'
import { seedLeadsSql } from '../../tests/helpers/seed-leads'

export type Timing = { median: number; min: number; max: number; runs: number[] }
export type AdminInboxReport = {
  leads: number
  seedMs: number
  signInToPage1Ms: Timing
  reloadToPage1Ms: Timing
  nextPageMs: Timing
  statusFilterMs: Timing
  searchMs: Timing
  summaryMs: Timing
  restPage1WithCountMs: Timing
  csvExport: { leads: number; ms: number }
}

const timing = (xs: number[]): Timing => {
  const s = [...xs].sort((a, b) => a - b)
  return { median: Math.round(s[Math.floor(s.length / 2)]!), min: Math.round(s[0]!), max: Math.round(s.at(-1)!), runs: xs.map(Math.round) }
}
const fmt = (n: number) => n.toLocaleString('en-GB')

export async function benchAdminInbox(dist: string, { leads = 100_000, runs = 3, log = console.log } = {}): Promise<AdminInboxReport> {
  const sb = await startLocalSupabase({ port: 0, memory: true })
  const site = await startStaticServer({ root: dist, port: 0 })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  try {
    let t = performance.now()
    const seed = seedLeadsSql(leads)
    await sb.db.query(seed.sql, seed.params)
    await sb.db.exec('analyze public.leads')
    const seedMs = performance.now() - t
    log(`admin inbox: seeded ${fmt(leads)} leads in ${(seedMs / 1000).toFixed(1)} s`)
    const pages = Math.ceil(leads / 50)
    const firstPage = `Page 1 of ${fmt(pages)} — ${fmt(leads)} leads`

    const open = async (): Promise<Page> => {
      const page = await browser.newPage()
      await page.route(`${LOCAL_SUPABASE_URL}/**`, (route) => route.continue({ url: route.request().url().replace(LOCAL_SUPABASE_URL, sb.url) }))
      return page
    }
    const status = (page: Page) => page.locator('.admin-leads .admin-count')
    const waitText = async (page: Page, text: string | RegExp) => {
      await status(page).filter({ hasText: text }).waitFor({ timeout: 120_000 })
    }

    const signIn: number[] = []
    const reload: number[] = []
    const next: number[] = []
    const filter: number[] = []
    const search: number[] = []
    const summary: number[] = []
    for (let run = 0; run < runs; run++) {
      const page = await open()
      await page.goto(`${site.url}/en/admin/`)
      await page.fill('#admin-email', ADMIN_EMAIL)
      await page.fill('#admin-password', ADMIN_PASSWORD)
      t = performance.now()
      await page.click('form.admin-form button[type="submit"]')
      await waitText(page, firstPage)
      signIn.push(performance.now() - t)

      t = performance.now()
      await page.reload()
      await waitText(page, firstPage)
      reload.push(performance.now() - t)

      t = performance.now()
      await page.getByRole('button', { name: 'Next' }).click()
      await waitText(page, `Page 2 of ${fmt(pages)}`)
      next.push(performance.now() - t)

      t = performance.now()
      await page.selectOption('#admin-status', 'won')
      await waitText(page, /match the filters/)
      filter.push(performance.now() - t)

      await page.getByRole('button', { name: 'Clear filters' }).click()
      await waitText(page, firstPage)
      t = performance.now()
      await page.fill('#admin-search', `Buyer seed ${4242 + run}`)
      await waitText(page, /^Page 1 of 1 — \d+ leads? match the filters$/)
      search.push(performance.now() - t)

      // The attribution summary over its default period (the last 30 days).
      t = performance.now()
      await page.getByText('Where leads come from').click()
      await page
        .locator('.admin-summary [role="status"]')
        .filter({ hasText: /^[\d,]+ leads from/ })
        .waitFor({ timeout: 120_000 })
      summary.push(performance.now() - t)
      await page.close()
      log(
        `admin inbox: run ${run + 1}: sign-in → page 1 ${Math.round(signIn.at(-1)!)} ms, reload ${Math.round(reload.at(-1)!)} ms, next ${Math.round(next.at(-1)!)} ms, filter ${Math.round(filter.at(-1)!)} ms, search ${Math.round(search.at(-1)!)} ms, summary ${Math.round(summary.at(-1)!)} ms`,
      )
    }

    // The list request alone, as the admin's session sends it.
    const token = await (async () => {
      const res = await fetch(`${sb.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: sb.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      })
      return ((await res.json()) as { access_token: string }).access_token
    })()
    const rest: number[] = []
    for (let i = 0; i < 5; i++) {
      t = performance.now()
      const res = await fetch(
        `${sb.url}/rest/v1/leads?select=id,created_at,kind,name,company,email,country,locale,status,notification_status&order=created_at.desc,id.asc&offset=0&limit=50`,
        {
          headers: { apikey: sb.anonKey, authorization: `Bearer ${token}`, prefer: 'count=exact' },
        },
      )
      await res.arrayBuffer()
      if (res.headers.get('content-range') !== `0-49/${leads}`) throw new Error(`unexpected Content-Range ${res.headers.get('content-range')}`)
      rest.push(performance.now() - t)
    }

    // CSV of one language (1/7 of the set) through the page: fetched 1,000 rows at a time.
    const page = await open()
    await page.goto(`${site.url}/en/admin/`)
    await page.fill('#admin-email', ADMIN_EMAIL)
    await page.fill('#admin-password', ADMIN_PASSWORD)
    await page.click('form.admin-form button[type="submit"]')
    await waitText(page, firstPage)
    await page.selectOption('#admin-locale', 'de')
    await waitText(page, /match the filters/)
    const csvLeads = Number((await status(page).innerText()).match(/— ([\d,]+) leads/)![1]!.replace(/,/g, ''))
    t = performance.now()
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 300_000 }), page.getByRole('button', { name: 'Export CSV' }).click()])
    await download.path()
    const csvMs = performance.now() - t
    await page.close()

    const report: AdminInboxReport = {
      leads,
      seedMs: Math.round(seedMs),
      signInToPage1Ms: timing(signIn),
      reloadToPage1Ms: timing(reload),
      nextPageMs: timing(next),
      statusFilterMs: timing(filter),
      searchMs: timing(search),
      summaryMs: timing(summary),
      restPage1WithCountMs: timing(rest),
      csvExport: { leads: csvLeads, ms: Math.round(csvMs) },
    }
    return report
  } finally {
    await browser.close()
    site.close()
    await sb.stop()
  }
}

export function adminInboxMarkdown(r: AdminInboxReport): string {
  const row = (name: string, x: Timing) => `| ${name} | ${fmt(x.median)} | ${fmt(x.min)}–${fmt(x.max)} |`
  return [
    `## Admin inbox with ${fmt(r.leads)} leads`,
    '',
    `Seeded through SQL in ${(r.seedMs / 1000).toFixed(1)} s (in-memory local backend, real migrations), built admin page in Chromium.`,
    '',
    '| What the admin waits for | median ms | range ms |',
    '|---|---:|---:|',
    row('Sign-in click → page 1 with the total (loads supabase-js, signs in, counts)', r.signInToPage1Ms),
    row('Reload with a saved session → page 1', r.reloadToPage1Ms),
    row('Next page', r.nextPageMs),
    row('Status filter', r.statusFilterMs),
    row('Text search (includes the 300 ms typing pause)', r.searchMs),
    row('Attribution summary (open → counts shown)', r.summaryMs),
    row('REST request for page 1 with Prefer: count=exact', r.restPage1WithCountMs),
    '',
    `CSV export of ${fmt(r.csvExport.leads)} filtered leads (1,000 per request): ${fmt(r.csvExport.ms)} ms.`,
    '',
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { leads: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' }, dist: { type: 'string', default: 'dist/client' } },
  })
  const report = await benchAdminInbox(values.dist, { leads: Number(values.leads), runs: Number(values.runs) })
  console.log(JSON.stringify(report, null, 2))
  console.log(adminInboxMarkdown(report))
}
