// What the peer benchmarks (astro.ts) share: our built pages as Markdown with the data of
// their chrome (scripts/bench/peers/peer-page.ts), our stylesheets, the timing of a peer's build (counted
// as our build's tasks are: scripts/bench/build.ts), and the weight check of a peer's output.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { type LocaleChrome, localeChrome, pageAsMarkdown } from './peer-page'
import { htmlFiles } from '../../../tests/helpers/page-weight'
import type { Timed } from '../build'

export { timed } from '../build'

/** What comparable means, checked: bytes a page's HTML and its stylesheets take, as served (not gzipped). */
export type SiteWeight = { pages: number; htmlBytes: number; cssBytes: number }
export type PeerBuild = Timed & {
  name: string
  version: string
  pages: number
  /** A cold build starts with every cache of the peer deleted; a rebuild keeps them. */
  kind: 'cold' | 'rebuild'
  weight?: SiteWeight
  notes?: string[]
}

/**
 * Writes each of our built pages (`htmlFiles`, paths under `dist`) that has a <main> as a
 * Markdown file at `target(its path relative to dist)`, passed through `edit`; returns how many
 * it wrote, and the chrome each language's pages share (from its first page), by language.
 */
export function writePagesAsMarkdown(
  dist: string,
  htmlFiles: string[],
  target: (path: string) => string,
  edit = (md: string) => md,
): { pages: number; chrome: Record<string, LocaleChrome> } {
  let pages = 0
  const chrome: Record<string, LocaleChrome> = {}
  for (const file of htmlFiles) {
    const html = readFileSync(file, 'utf8')
    const md = pageAsMarkdown(html)
    if (!md) continue
    const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? 'en'
    chrome[lang] ??= localeChrome(html)
    const to = target(relative(dist, file))
    mkdirSync(dirname(to), { recursive: true })
    writeFileSync(to, edit(md))
    pages++
  }
  return { pages, chrome }
}

const stylesheetHrefs = (html: string) =>
  [...html.matchAll(/<link\b[^>]*>/g)].flatMap(([tag]) => (/rel="stylesheet"/.test(tag) ? [/\shref="([^"]+)"/.exec(tag)?.[1] ?? ''] : [])).filter(Boolean)
const fileAt = (root: string, href: string) => join(root, href.split(/[?#]/)[0]!)

/** The stylesheets most of our pages link (the content pages'), one after another: the peers' one stylesheet. */
export function ourStylesheets(dist: string, pages: string[]): string {
  const sets = new Map<string, number>()
  for (const f of pages) {
    const key = stylesheetHrefs(readFileSync(f, 'utf8')).join('\n')
    sets.set(key, (sets.get(key) ?? 0) + 1)
  }
  const common = [...sets].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ''
  return common
    .split('\n')
    .filter((href) => href.startsWith('/') && existsSync(fileAt(dist, href)))
    .map((href) => readFileSync(fileAt(dist, href), 'utf8'))
    .join('\n')
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0

/** Median bytes of a page's HTML, and of the stylesheets it links, over the HTML files under `root` (or `pages`). */
export function siteWeight(root: string, pages = htmlFiles(root)): SiteWeight {
  const css = new Map<string, number>()
  const cssOf = (href: string) => {
    const file = fileAt(root, href)
    if (!css.has(file)) css.set(file, existsSync(file) ? statSync(file).size : 0)
    return css.get(file)!
  }
  return {
    pages: pages.length,
    htmlBytes: median(pages.map((f) => statSync(f).size)),
    cssBytes: median(pages.map((f) => stylesheetHrefs(readFileSync(f, 'utf8')).reduce((sum, href) => sum + cssOf(href), 0))),
  }
}
