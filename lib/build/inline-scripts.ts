// Content pages carry their one small script inline: an external script cost them a request
// chain (HTML → entry → chunk) that delayed the largest contentful paint by about 1.5×
// (Lighthouse, with and without scripts). The inlined code's sha256 goes into the Content-Security-Policy
// (script-src), never 'unsafe-inline'.
//
// Why the prerender rewrites the script tags Vike wrote (scripts/page-scripts.ts) instead of
// asking Vike: its documented settings choose only whether and where it injects an asset, not
// what it writes. injectScriptsAt (https://vike.dev/injectScriptsAt) moves all scripts at once;
// onRenderHtml's injectFilter (https://vike.dev/injectFilter) keeps or drops each asset after
// the document is written, so it can neither put inline code in the entry's place nor wrap the
// island's hashed entry URL in a loader, and dropping the entry made Vike warn on every such
// page. So the patterns below are a coupling to the tags Vike 0.4 writes; tests/built/
// inline-scripts.test.ts checks on the built pages that they still match (no content page keeps
// its entry tag, every island page carries the script inline and its loader).
import { createHash } from 'node:crypto'

/** Vike's client entry for content pages (pages/content/+client.ts), as it writes it into each page. */
const CONTENT_ENTRY = /<script src="\/assets\/entries\/pages_content_client\.[^"]+\.js" type="module" async><\/script>/

export const cspHash = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`

/** `</script` inside code would end the element early. */
export const inlineCode = (code: string) => code.replace(/<\/(script)/gi, '<\\/$1')

/** An island's entry (forms, size selector), as Vike writes it into the page. */
const ISLAND_ENTRY = /<script src="(\/assets\/entries\/pages_interactive_[^"]+\.js)" type="module" async><\/script>/g
/** The admin page's entry (pages/admin/+client.tsx). */
const ADMIN_ENTRY = /<script src="\/assets\/entries\/pages_admin_client\.[^"]+\.js" type="module" async><\/script>/

/**
 * The page with the site's page script (`code`: renderer/enhance.ts, the cookie banner, menus
 * and visit attribution) inline. A content page's entry script is replaced by it. An island page
 * (forms, size selector, admin) gets it next to its island's entry, which no longer carries it:
 * the menus and the banner work before the island has loaded, and the island stays the form alone.
 * Other pages are unchanged.
 */
export function inlinePageScript(html: string, code: string): string {
  const inline = `<script type="module">${inlineCode(code)}</script>`
  if (CONTENT_ENTRY.test(html)) return html.replace(CONTENT_ENTRY, () => inline)
  const island = html.match(ISLAND_ENTRY)?.[0] ?? html.match(ADMIN_ENTRY)?.[0]
  return island ? html.replace(island, () => inline + island) : html
}

/**
 * Code that loads the module at `src` once the page has loaded and painted. Form pages fetched
 * their island (React included) at once, and that download competed with the first paint:
 * Lighthouse's LCP was far above the same page without scripts. Everything
 * the island adds is an enhancement of server-rendered HTML that already shows the whole form, and
 * what the buyer types before hydration is kept (components/forms/lead-form.tsx), so it can wait.
 *
 * `load` alone was not enough: on a small page `load` can come before the first contentful paint
 * (the text waits for its web font), and a download started then still raced that paint. So the
 * loader waits for the `first-contentful-paint` entry as well. Where that cannot come, it does not
 * wait for it: a page hidden at `load` (opened in a background tab: nothing paints until it is
 * shown, and Chromium never reports a paint for it) and a browser without paint timing load at
 * `load`, and a 3-s timer after `load` covers a tab hidden between `load` and the paint. `g++||`
 * imports once. An inline module script runs before `load`, so the listener never misses it.
 */
export const loadAfterLoad = (src: string) =>
  `addEventListener("load",()=>{let g=0,s=()=>g++||import(${JSON.stringify(src)});` +
  `document.hidden||!PerformanceObserver.supportedEntryTypes?.includes("paint")?s():` +
  `(new PerformanceObserver((l,o)=>{l.getEntriesByName("first-contentful-paint")[0]&&(o.disconnect(),s())}).observe({type:"paint",buffered:!0}),setTimeout(s,3e3))})`

/** The modules a page loads through `loadAfterLoad` loaders: still first-load JavaScript, so budgets count them. */
export const modulesLoadedAfterLoad = (html: string): string[] =>
  [...html.matchAll(/<script type="module">addEventListener\("load",[^<]*?import\(("[^"]+")\)[^<]*<\/script>/g)].map((m) => JSON.parse(m[1]!) as string)

/** The page with each island entry script replaced by an inline loader; returns the loaders' code too. */
export function deferIslandEntries(html: string): { html: string; loaders: string[] } {
  const loaders: string[] = []
  const out = html.replace(ISLAND_ENTRY, (_, src: string) => {
    const code = loadAfterLoad(src)
    loaders.push(code)
    return `<script type="module">${inlineCode(code)}</script>`
  })
  return { html: out, loaders }
}
