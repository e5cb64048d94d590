// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  // Vike prerenders `parallel` pages at a time in one thread (default: one per core). With most
  // documents from the render cache (lib/build/render-cache.ts) a page is mostly file writing, and
  // 2 at a time leave the thread waiting on the disk; 8 keep it busy at the same CPU.
  // keepDistServer: scripts/pages.ts keeps the server bundle (in .generated/vike/) so that a
  // rebuild with unchanged code renders the changed pages with `vike prerender`, without Vite.
  // partial: such a rebuild gives most pages no URL; +onPrerenderStart checks every URL itself.
  prerender: { parallel: 8, keepDistServer: true, partial: true },
  // Without this, `vite build` run through npm skips prerendering on Vike 0.4.266 (docs/ARCHITECTURE.md §3).
  disableAutoFullBuild: false,
  // Every page URL ends in "/": the build writes <path>/index.html, which Cloudflare Pages and
  // Netlify answer with 200 only at "<path>/" (they 308 "<path>" to it).
  trailingSlash: true,
  // Every page is HTML-only for Vike: content pages load pages/content/+client.ts, islands their
  // own +client.ts, which imports its Page itself. So Vike's client page entries never need the
  // Page; without this they bundled every page with the whole content data (a dead 1 MB chunk).
  meta: { Page: { env: { server: true, client: false } } },
} satisfies Config
