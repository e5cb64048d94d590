// lib/build/page-plan.ts computes every page's data and render-cache key without Vike, so that a
// rebuild with unchanged code knows which pages changed (scripts/pages.ts). If its data differed
// from what Vike gives the page, a rebuild would keep a stale page or render every page again.
// So, after the build that `npm test` runs first, every key it computes must be the key under
// which Vike's prerender stored that page in the render cache.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type PlannedPage, strictPageContext } from '../../lib/build/page-plan'
import { SNAPSHOT_DIR } from '../../lib/build/page-snapshot'
import { RENDER_CACHE_DIR, readEntry } from '../../lib/build/render-cache'
import { allPageUrls } from '../../lib/routing/prerender'

/** The plan as the pages step makes it: in a process of its own, from freshly loaded content. */
function planInChild(): PlannedPage[] {
  const code = `
    const { pagePlanner } = await import('./lib/build/page-plan.ts')
    const { codeIdentity, sharedInputs } = await import('./lib/build/render-cache.ts')
    const { allPageUrls } = await import('./lib/routing/prerender.ts')
    const { locales, routes, facts, ui } = await import('./lib/content/data.ts')
    const plan = await pagePlanner(process.cwd())
    const shared = sharedInputs({ locales, routes, facts, ui }, new Date().getFullYear())
    console.log(JSON.stringify(await plan(allPageUrls(), codeIdentity(${JSON.stringify(SERVER)}), shared)))`
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  return JSON.parse(out.trim().split('\n').at(-1)!) as PlannedPage[]
}
const SERVER = `${SNAPSHOT_DIR}/server`

describe('page plan', () => {
  it('gives every page the key under which the last build stored it', () => {
    if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build:quiet first (npm test does)`)
    const planned = planInChild()
    expect(planned.map((p) => p.url)).toEqual(allPageUrls())
    // Every page's data can be keyed (a page without a key would be rendered on every build).
    expect(planned.filter((p) => !p.key).map((p) => p.url)).toEqual([])
    const stale = planned.filter((p) => readEntry(RENDER_CACHE_DIR, p.url, p.key!) === undefined).map((p) => p.url)
    expect(stale).toEqual([])
    expect(planned.find((p) => p.url === '/tr/404')!.page).toBe('pages/content/not-found')
  })

  it('stops naming the hook and the field when a data hook reads what the plan does not give it', () => {
    const context = strictPageContext({ locale: 'tr', routeKey: 'home' }, 'pages/content/home/+data.ts')
    expect(context.locale).toBe('tr')
    expect(() => context.urlParsed).toThrow(/pages\/content\/home\/\+data\.ts reads pageContext\.urlParsed/)
  })
})
