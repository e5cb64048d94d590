// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  prerender: true,
  // Without this, `vite build` run through npm skips prerendering on Vike 0.4.266 (DESIGN.md §2).
  disableAutoFullBuild: false,
  // Content pages set no onRenderClient and ship HTML only; pages/interactive/ adds one.
  passToClient: ['locale', 'routeKey'],
  // Pages are static files; the trailing slash style matches how static hosts serve index.html.
  trailingSlash: false,
} satisfies Config
