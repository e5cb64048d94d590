// What a built page costs a browser on first load, in gzip bytes, read from dist/client the way
// a browser discovers it: the HTML, its stylesheets, and its JavaScript (every <script src> and
// <link rel="modulepreload">, then every module they import statically, transitively).
// Dynamic import() is lazy, so it is not first load. Shared by the budgets test and the benchmark.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { filesUnder } from '../../lib/build/files-under'
import { modulesLoadedAfterLoad } from '../../lib/build/inline-scripts'

export type PageWeight = {
  /** gzip bytes of the HTML document itself */
  html: number
  css: number
  js: number
  cssFiles: string[]
  jsFiles: string[]
}

const gzipCache = new Map<string, number>()
/** gzip -9 like a static host's precompressed assets; level 9 is what the budgets mean. */
export function gzipBytes(file: string): number {
  let n = gzipCache.get(file)
  if (n === undefined) {
    n = gzipSync(readFileSync(file), { level: 9 }).length
    gzipCache.set(file, n)
  }
  return n
}

/** Every HTML file under root (pages, 404s and redirect stubs), sorted. */
export const htmlFiles = (root: string): string[] => filesUnder(root).filter((f) => f.endsWith('.html'))

/**
 * The URL a host serves a file at, in the site's URL form (page paths end in "/", as the route
 * table writes them): "/en/about/" for dist/client/en/about/index.html, "/" for index.html,
 * "/tr/404" for dist/client/tr/404.html.
 */
export const urlOf = (root: string, file: string) =>
  '/' +
  relative(root, file)
    .replace(/\\/g, '/')
    .replace(/(^|\/)index\.html$/, '$1')
    .replace(/\.html$/, '')

/** The file behind a page URL: the inverse of urlOf for "/", "/en/about/" (and "/en/about"). */
export const fileOf = (root: string, url: string) => join(root, url.replace(/\/?$/, '/index.html'))

export const isRedirectStub = (html: string) => /<meta http-equiv="refresh"/i.test(html)

const attr = (tag: string, name: string) =>
  tag
    .match(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
    ?.slice(1)
    .find((v) => v !== undefined)

export type Tag = { name: string; attrs: string; src?: string }
/** The <script> and <link> start tags of a document, with their src/href. */
export function resourceTags(html: string): Tag[] {
  return [...html.matchAll(/<(script|link)\b([^>]*)>/gi)].map((m) => ({
    name: m[1]!.toLowerCase(),
    attrs: m[2]!,
    src: attr(m[0], m[1]!.toLowerCase() === 'script' ? 'src' : 'href'),
  }))
}
export const attrOf = (tag: Tag, name: string) => attr(`<x ${tag.attrs}>`, name)
export const hasAttr = (tag: Tag, name: string) => new RegExp(`(^|\\s)${name}(\\s|=|$)`, 'i').test(tag.attrs)

/** Static imports of an ES module as Vite/Rolldown emits them: import … from"./x.js", import"./x.js". */
export function staticImports(code: string): string[] {
  const specs = new Set<string>()
  for (const m of code.matchAll(/(?:^|[^\w$.])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) specs.add(m[1]!)
  for (const m of code.matchAll(/(?:^|[^\w$.])export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g)) specs.add(m[1]!)
  return [...specs]
}

/** The JS files a module pulls in statically (itself included), as absolute paths. */
export function moduleClosure(root: string, entries: string[]): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    if (!existsSync(file)) throw new Error(`${relative(root, file)}: imported but missing from ${root}`)
    seen.add(file)
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      // Built browser code imports only relative paths; anything else is text inside a string
      // (Vike's error messages quote `import … from 'vike/…'`) or third party (budgets test).
      if (!/^\.{0,2}\/(?!\/)/.test(spec)) continue
      visit(spec.startsWith('/') ? resolve(root, '.' + spec) : resolve(dirname(file), spec))
    }
  }
  entries.map((e) => resolve(e)).forEach(visit)
  return [...seen]
}

/**
 * Vike's client-routing entry imports the page's own entry dynamically. The HTML carries no
 * modulepreload for it (renderer/+onRenderHtml.tsx drops script preloads), so find it from the
 * serialized pageId: "/pages/interactive/quote" → assets/entries/pages_interactive_quote.<hash>.js.
 */
function vikePageEntries(root: string, html: string): string[] {
  const id = html.match(/"pageId":"([^"]+)"/)?.[1]?.replace(/\\\//g, '/')
  if (!id) return []
  const prefix = `${id.replace(/^\//, '').replace(/\//g, '_')}.`
  const dir = join(root, 'assets/entries')
  return readdirSync(dir)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.js'))
    .map((f) => join(dir, f))
}

const local = (src: string | undefined): src is string => !!src && src.startsWith('/') && !src.startsWith('//')

export function pageWeight(root: string, file: string): PageWeight {
  const html = readFileSync(file, 'utf8')
  const tags = resourceTags(html)
  const cssFiles = tags
    .filter((t) => t.name === 'link' && /(^|\s)stylesheet(\s|$)/i.test(attrOf(t, 'rel') ?? '') && local(t.src))
    .map((t) => join(root, t.src!.split('?')[0]!))
  const entries = tags
    .filter((t) => (t.name === 'script' && local(t.src)) || (t.name === 'link' && attrOf(t, 'rel') === 'modulepreload' && local(t.src)))
    .map((t) => join(root, t.src!.split('?')[0]!))
  // Islands and the search script load from a small inline loader once the page has loaded
  // (lib/build/inline-scripts.ts).
  const loaded = modulesLoadedAfterLoad(html)
    .filter(local)
    .map((src) => join(root, src))
  const jsFiles = moduleClosure(root, [...entries, ...loaded, ...vikePageEntries(root, html)])
  return {
    html: gzipSync(html, { level: 9 }).length,
    css: cssFiles.reduce((sum, f) => sum + gzipBytes(f), 0),
    js: jsFiles.reduce((sum, f) => sum + gzipBytes(f), 0),
    cssFiles: cssFiles.map((f) => relative(root, f)),
    jsFiles: jsFiles.map((f) => relative(root, f)),
  }
}
