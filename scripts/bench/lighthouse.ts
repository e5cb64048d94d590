// Lighthouse (the npm package, its default mobile settings: emulated phone, simulated slow 4G and
// 4× CPU slowdown) driving Debian's Chromium through chrome-launcher, Lighthouse's own launcher.
// The no-JS floor is the same site with every <script> and modulepreload removed from the HTML.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { launch, type LaunchedChrome } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { htmlFiles } from '../../tests/helpers/page-weight'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]

export type LighthouseRun = {
  url: string
  scores: Partial<Record<Category, number>>
  lcpMs: number
  tbtMs: number
  fcpMs: number
  cls: number
  /** Audits below a full score in the categories run, for the report. */
  failing: string[]
  /** How many runs the metrics are the median of. */
  runs?: number
}

export async function startChrome(): Promise<LaunchedChrome> {
  return launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  })
}

export async function audit(chrome: LaunchedChrome, url: string, categories: readonly Category[] = CATEGORIES): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] })
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const num = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN)
  const failing = Object.values(lhr.categories).flatMap((cat) =>
    cat.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `${cat.id}: ${a.id} (${a.displayValue ?? a.score})`),
  )
  return {
    url,
    scores: Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)])),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    failing,
  }
}

/**
 * Lighthouse's simulated throttling still varies between runs (it replays the observed request
 * graph), so each page runs `runs` times: metrics are medians, scores and failing audits come
 * from the run with the median performance score. The two variants of a page (with scripts, and
 * the no-JS floor) run in turns, A B A B…, so that a change in the machine's load during the runs
 * falls on both alike: run in two blocks, the search pages once measured 1.14× their floor, and
 * 0.92× when the same build ran in turns.
 */
export async function auditPairMedians(
  chrome: LaunchedChrome,
  a: { url: string; categories?: readonly Category[] },
  b: { url: string; categories?: readonly Category[] },
  runs: number,
): Promise<[LighthouseRun, LighthouseRun]> {
  const as: LighthouseRun[] = []
  const bs: LighthouseRun[] = []
  for (let i = 0; i < runs; i++) {
    as.push(await audit(chrome, a.url, a.categories))
    bs.push(await audit(chrome, b.url, b.categories))
  }
  return [medianOf(as), medianOf(bs)]
}

/** The middle value (the lower of the two middle ones for an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!

function medianOf(all: LighthouseRun[]): LighthouseRun {
  const runs = all.length
  const byScore = [...all].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0))
  const mid = byScore[Math.floor((byScore.length - 1) / 2)]!
  return {
    ...mid,
    lcpMs: median(all.map((r) => r.lcpMs)),
    tbtMs: median(all.map((r) => r.tbtMs)),
    fcpMs: median(all.map((r) => r.fcpMs)),
    cls: median(all.map((r) => r.cls)),
    runs,
  }
}

/** A copy of a built site whose HTML carries no script at all: the no-JS floor. */
export function noJsCopy(root: string, to: string): string {
  cpSync(root, to, { recursive: true })
  for (const file of htmlFiles(to)) {
    const html = readFileSync(file, 'utf8')
    writeFileSync(file, html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, ''))
  }
  return to
}
