// `npm run bench:dev`: edit-to-screen latency of `npm run dev` (docs/ARCHITECTURE.md §5).
// Starts the dev server on a copy of content/ (tests/helpers/dev-session.ts), opens
// /en/about/ in Chromium, then edits the page's heading N times and measures, per edit, the
// time from the file write until
//   - the next HTTP request returns the new text ("request"), and
//   - the open page, reloading by itself, shows it ("screen").
// Also: the time until a broken file's error page shows, and until the page recovers.
// Writes reports/dev-reload.json. Options: --runs 7
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { chromium, type Page } from 'playwright-core'
import { startDevSession } from '../../tests/helpers/dev-session'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } })
const runs = Number(values.runs)
const FILE = 'pages/about/en.yml'
const ORIGINAL = 'heading: We make elastic netting for the meat industry'

const until = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const start = performance.now()
  while (performance.now() - start < timeoutMs) {
    if (await check().catch(() => false)) return performance.now()
    await new Promise((r) => setTimeout(r, 5))
  }
  throw new Error('timed out')
}
const heading = (page: Page) => page.locator('h1').first().textContent({ timeout: 1000 })
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const round = (x: number) => Math.round(x)

const dev = await startDevSession()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
try {
  const page = await browser.newPage()
  await page.goto(`${dev.url}/en/about/`)
  const screen: number[] = []
  const request: number[] = []
  let previous = ORIGINAL
  for (let i = 1; i <= runs + 1; i++) {
    const text = `Edited heading number ${i}`
    const t0 = performance.now()
    dev.edit(FILE, (t) => t.replace(previous, `heading: ${text}`))
    previous = `heading: ${text}`
    const [onScreen, onRequest] = await Promise.all([
      until(async () => (await heading(page)) === text),
      until(async () => (await (await fetch(`${dev.url}/en/about/`)).text()).includes(text)),
    ])
    if (i === 1) continue // the first edit also warms Vite's transform cache
    screen.push(onScreen - t0)
    request.push(onRequest - t0)
    console.log(`[bench:dev] edit ${i - 1}: request ${round(onRequest - t0)} ms, screen ${round(onScreen - t0)} ms`)
  }
  let t0 = performance.now()
  dev.edit(FILE, (t) => t.replace(previous, 'heading: "  "'))
  const errorShown = (await until(async () => ((await heading(page)) ?? '').includes('content problem'))) - t0
  t0 = performance.now()
  dev.edit(FILE, (t) => t.replace('heading: "  "', 'heading: Recovered'))
  const recovered = (await until(async () => (await heading(page)) === 'Recovered')) - t0
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverage1m: Number(loadavg()[0]!.toFixed(1)) },
    runs,
    requestMs: { median: round(median(request)), min: round(Math.min(...request)), max: round(Math.max(...request)) },
    screenMs: { median: round(median(screen)), min: round(Math.min(...screen)), max: round(Math.max(...screen)) },
    errorPageMs: round(errorShown),
    recoveryMs: round(recovered),
    target: 'a content edit on screen within 1000 ms',
  }
  mkdirSync('reports', { recursive: true })
  writeFileSync('reports/dev-reload.json', `${JSON.stringify(report, null, 2)}\n`)
  console.log(JSON.stringify(report, null, 2))
} finally {
  await browser.close()
  await dev.stop()
}
