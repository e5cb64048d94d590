// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  prerender: true,
  // Without this, `vite build` run through npm skips prerendering on Vike 0.4.266 (docs/ARCHITECTURE.md §3).
  disableAutoFullBuild: false,
  // Content pages set no onRenderClient and ship HTML only; pages/interactive/ adds one.
  passToClient: ['locale', 'routeKey'],
  // Every page URL ends in "/": the build writes <path>/index.html, which Cloudflare Pages and
  // Netlify answer with 200 only at "<path>/" (they 308 "<path>" to it).
  trailingSlash: true,
} satisfies Config
