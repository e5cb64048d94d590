// https://vike.dev/onPrerenderStart
// Guard against Vike silently skipping pages (docs/ARCHITECTURE.md §3): every URL of the route
// table must be among the pages about to be prerendered, else the build fails naming the URLs.
import type { PrerenderContext } from 'vike/types'
import { allPageUrls } from '../lib/pages/prerender'

export function onPrerenderStart(prerenderContext: PrerenderContext) {
  const urls = new Set(allPageUrls())
  const planned = new Set(prerenderContext.pageContexts.map((p) => p.urlOriginal))
  const missing = [...urls].filter((url) => !planned.has(url))
  if (missing.length) throw new Error(`Prerender would skip ${missing.length} URL(s) of content/routes.yml: ${missing.slice(0, 10).join(', ')}`)
  // Only the route table's URLs: any other page Vike planned on its own is left out. (Copies, as
  // in Vike's i18n example: Vike reads `url` on the objects it gets back, which on its own
  // objects is a getter that warns.)
  if (planned.size === urls.size) return undefined
  const pageContexts = prerenderContext.pageContexts.filter((p) => urls.has(p.urlOriginal)).map((p) => ({ ...p }))
  return { prerenderContext: { pageContexts } }
}
