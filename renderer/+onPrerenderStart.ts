// https://vike.dev/onPrerenderStart
// Guard against Vike silently skipping pages (docs/ARCHITECTURE.md §3): every URL of the route
// table must be among the pages about to be prerendered, else the build fails naming the URLs.
import type { PrerenderContext } from 'vike/types'
import { allPageUrls } from '../lib/routing/prerender'

export function onPrerenderStart(prerenderContext: PrerenderContext) {
  const planned = new Set(prerenderContext.pageContexts.map((p) => p.urlOriginal))
  const missing = allPageUrls().filter((url) => !planned.has(url))
  if (missing.length) throw new Error(`Prerender would skip ${missing.length} URL(s) of content/routes.yml: ${missing.slice(0, 10).join(', ')}`)
  return undefined
}
