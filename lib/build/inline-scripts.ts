// Content pages carry their one small script inline: an external script cost them a request
// chain (HTML → entry → chunk) that delayed the largest contentful paint by about 1.5×
// (reports/bench.md). The inlined code's sha256 goes into the Content-Security-Policy
// (script-src), never 'unsafe-inline'.
import { createHash } from 'node:crypto'

/** Vike's client entry for content pages (pages/content/+client.ts), as it writes it into each page. */
const CONTENT_ENTRY = /<script src="\/assets\/entries\/pages_content_client\.[^"]+\.js" type="module" async><\/script>/

export const cspHash = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`

/** `</script` inside code would end the element early. */
export const inlineCode = (code: string) => code.replace(/<\/(script)/gi, '<\\/$1')

/** The page with its content-page entry script replaced by `code`, inline; other pages unchanged. */
export function inlineContentScript(html: string, code: string): string {
  return html.replace(CONTENT_ENTRY, () => `<script type="module">${inlineCode(code)}</script>`)
}
