// https://vike.dev/onPrerenderStart
// Guard against Vike silently skipping pages (docs/ARCHITECTURE.md §3): every URL of the route
// table must be among the pages about to be prerendered, else the build fails naming the URLs.
// When scripts/prerender.ts runs the prerender in shards (lib/routing/prerender-shards.ts), the
// pages' onBeforePrerenderStart hooks give this run's shard only, and the check is of that shard.
import type { PrerenderContext } from 'vike/types'
import { allPageUrls, inThisShard } from '../lib/pages/prerender'
import { CONFIG_LOADED } from '../lib/routing/prerender-shards'

export function onPrerenderStart(prerenderContext: PrerenderContext) {
  // Vike has loaded the config: scripts/prerender.ts may start the next shard's run.
  process.send?.(CONFIG_LOADED)
  const urls = new Set(inThisShard(allPageUrls()))
  const planned = new Set(prerenderContext.pageContexts.map((p) => p.urlOriginal))
  const missing = [...urls].filter((url) => !planned.has(url))
  if (missing.length) throw new Error(`Prerender would skip ${missing.length} URL(s) of content/routes.yml: ${missing.slice(0, 10).join(', ')}`)
  // A shard without "/404": Vike adds the error page there itself. It belongs to the shard that
  // renders the not-found pages. (Copies, as in Vike's i18n example: Vike reads `url` on the
  // objects it gets back, which on its own objects is a getter that warns.)
  if (planned.size === urls.size) return undefined
  const pageContexts = prerenderContext.pageContexts.filter((p) => urls.has(p.urlOriginal)).map((p) => ({ ...p }))
  return { prerenderContext: { pageContexts } }
}
