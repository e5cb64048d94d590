// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  // Vike prerenders `parallel` pages at a time in one thread (default: one per core); 8 keep the
  // thread rendering while earlier pages' files are written.
  // disableAutoRun: `vike build` only bundles; build:prerender (turbo.json, scripts/prerender.ts)
  // renders the pages once the audit and the documents they list are written.
  // keepDistServer: dist/server stays after the prerender, so that dist/ is the same whether the
  // bundle task ran or was restored from Turborepo's cache (it is never deployed).
  prerender: { parallel: 8, keepDistServer: true, disableAutoRun: true },
  // Every page URL ends in "/": the build writes <path>/index.html, which Cloudflare Pages and
  // Netlify answer with 200 only at "<path>/" (they 308 "<path>" to it).
  trailingSlash: true,
  // Every page is HTML-only for Vike: content pages load pages/content/+client.ts, islands their
  // own +client.ts, which imports its Page itself. So Vike's client page entries never need the
  // Page; without this they bundled every page with the whole content data (a dead 1 MB chunk).
  meta: { Page: { env: { server: true, client: false } } },
} satisfies Config
