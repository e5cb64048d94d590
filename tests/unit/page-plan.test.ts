// lib/build/page-plan.ts computes every page's data and render-cache key without Vike, so that a
// rebuild with unchanged code knows which pages changed (scripts/pages.ts). If its data differed
// from what Vike gives the page, a rebuild would keep a stale page or render every page again.
// So, after the build that `npm test` runs first, every key it computes must be the key under
// which Vike's prerender stored that page in the render cache.
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pagePlanner, strictPageContext } from '../../lib/build/page-plan'
import { SNAPSHOT_DIR } from '../../lib/build/page-snapshot'
import { codeIdentity, RENDER_CACHE_DIR, readEntry, sharedInputs } from '../../lib/build/render-cache'
import { facts, locales, routes, ui } from '../../lib/content/data'
import { allPageUrls } from '../../lib/routing/prerender'

describe('page plan', () => {
  it('gives every page the key under which the last build stored it', async () => {
    const server = `${SNAPSHOT_DIR}/server`
    if (!existsSync(server)) throw new Error(`${server} is missing: run npm run build:quiet first (npm test does)`)
    const plan = await pagePlanner(process.cwd())
    const planned = await plan(allPageUrls(), codeIdentity(server), sharedInputs({ locales, routes, facts, ui }, new Date().getFullYear()))
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
