// https://vike.dev/onPrerenderStart
// Guard against Vike silently skipping pages (docs/ARCHITECTURE.md §3): every URL of the route table
// (or, when a rebuild renders only the changed pages, every URL it asked for: scripts/pages.ts)
// must be among the pages about to be prerendered, else the build fails naming the URLs.
// First, in a build, it waits for the audit and the documents step, which run while Vite bundles
// (lib/build/prerender-gate.ts): no page is rendered before their outputs are written.
import type { PrerenderContext } from 'vike/types'
import { waitForGate } from '../lib/build/prerender-gate'
import { onlyUrls, urlsToPrerender } from '../lib/routing/prerender'

export async function onPrerenderStart(prerenderContext: PrerenderContext) {
  await waitForGate()
  const planned = new Set(prerenderContext.pageContexts.map((p) => p.urlOriginal))
  const missing = urlsToPrerender().filter((url) => !planned.has(url))
  if (missing.length) throw new Error(`Prerender would skip ${missing.length} URL(s) of content/routes.yml: ${missing.slice(0, 10).join(', ')}`)
  // Rendering only some pages, Vike adds its error page as 404.html whenever "/404" is not among
  // them; that is not ours to write (postbuild makes 404.html from "/404"), so it is left out.
  // The kept page contexts are returned as copies, as Vike's i18n example does: Vike reads
  // `pageContext.url` of what the hook returns, and on its own objects that is a getter that warns
  // ("uses pageContext.url but it should use pageContext.urlOriginal"); a copy has no `url`.
  const only = onlyUrls()
  if (only) return { prerenderContext: { pageContexts: prerenderContext.pageContexts.filter((p) => only.has(p.urlOriginal)).map((p) => ({ ...p })) } }
  return undefined
}
