// The shape every page's +data returns, shared by the renderer (renderer/+onRenderHtml.tsx),
// the browser entry of interactive pages and the +data helpers in lib/pages/. It lives in lib/
// so that lib/ never imports renderer/ or components/ (docs/ARCHITECTURE.md, "Folders").
import type { PageHead } from '../seo/head'

/** What an interactive page needs in the browser: its UI strings, resolved links, fact values. */
export type ClientData = { primary: Record<string, string>; fallback: Record<string, string>; links: Record<string, string>; vars: Record<string, string> }

/** Every +data result: the head tags, and for interactive pages the data they hydrate with. */
export type PageData = { head: PageHead; client?: ClientData }
