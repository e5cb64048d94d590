// The logo (public/logo.svg), written into each page as a data: URI, both as the favicon and as
// the header's image. Each was a request: the header's image was preloaded at low priority and
// raised to high once Chromium laid it out in the viewport; when that happened before it
// arrived, Lighthouse's simulated LCP counted it as render-blocking and rose by a round trip.
// Chromium fetches an icon given by URL only after `load`, and that request, when it started
// before the first paint, did the same (docs/ARCHITECTURE.md, "Scripts after the first paint").
// Inline, the logo costs a few hundred bytes of gzip per page and no request, and it shows with
// the first paint. The JSON-LD logo still names the file. Read at render time (server only), so the
// page and the file never differ.
import { readFileSync } from 'node:fs'

/**
 * An SVG as a compact `data:` URI: only what a URI or an HTML attribute cannot carry as it is gets
 * percent-escaped (quotes too: React would write them as 6-byte entities).
 */
export function svgDataUri(svg: string): string {
  const body = svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[%#<>"'&{}|\\^`[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
  return `data:image/svg+xml,${body}`
}

let cached: string | undefined
/** public/logo.svg as a data: URI. */
export const logoDataUri = () => (cached ??= svgDataUri(readFileSync('public/logo.svg', 'utf8')))
