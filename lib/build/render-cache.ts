// Prerendered documents kept between builds, so that the build grows slowly with the content. React renders
// each page to a string from three things only, which together form the page's key:
//   - the code: every file of the server bundle (dist/server; .velite/ is external to it, see
//     vite.config.ts) and package-lock.json for the packages it imports;
//     Vite writes the VITE_* variables into the bundle, so they are part of it;
//   - what every page of its language reads: the locales, routes, facts, the UI strings of its
//     language and of English, the fallback (lib/content/data.ts), and the year (the footer's ©);
//   - the page itself: its URL and its `data` (pages/**/+data.ts), which carries everything
//     page-specific: the article, the product, the documents list, the audit summary.
// If the key is the one stored for the URL, the stored document is used and React does not run.
// Vike injects the page's assets after onRenderHtml, so they are not part of what is stored.
//
// The rule this relies on: components read content through `data` or the four shared
// collections above, never from other files (docs/ARCHITECTURE.md §1; lib/content/data.ts).
// Data that JSON cannot hold exactly (functions, Map, Set) turns the cache off for that page.
// Active only while prerendering a production build; `npm run dev` always renders.
// Entries live in .generated/pages/, one per URL; deleting .generated/ is always safe.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { filesUnder } from './files-under'

export const RENDER_CACHE_DIR = '.generated/pages'

const sha = (...parts: string[]) => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part).update('\0')
  return hash.digest('hex')
}

/** The server bundle directory (dist/server) around `moduleFile`, or undefined outside a build (dev, tests). */
export function serverBundleDir(moduleFile: string): string | undefined {
  for (let dir = dirname(moduleFile); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'entry.mjs')) && existsSync(join(dir, 'chunks'))) return dir
  }
  return undefined
}

/** Hash of every file of the server bundle (names and bytes: it holds images too) and of package-lock.json. */
export function codeIdentity(bundleDir: string, lockFile = 'package-lock.json'): string {
  const files = filesUnder(bundleDir)
  const hash = createHash('sha256')
  for (const file of files)
    hash
      .update(`${relative(bundleDir, file)}\0`)
      .update(readFileSync(file))
      .update('\0')
  hash.update(existsSync(lockFile) ? readFileSync(lockFile) : 'no lock file')
  return hash.digest('hex')
}

/**
 * What the pages of one language read besides their data (see the top of this file): the
 * locales, routes and facts, the UI strings of that language and of the fallback language
 * (English: a missing string falls back to it), and the year. So an edit to one language's
 * strings changes the key of that language's pages only. `shared.ui` is velite's list of UI
 * files (each with its `locale`) or an object keyed by locale.
 */
export function sharedInputs(shared: Record<string, unknown>, year: number, fallbackLocale = 'en'): (locale: string) => string {
  const { ui, ...rest } = shared
  const base = exactJson(rest)
  if (base === undefined) throw new Error('render cache: the shared content cannot be keyed as JSON')
  const keys = new Map<string, string>()
  return (locale) => {
    let key = keys.get(locale)
    if (key === undefined) {
      const strings = exactJson(uiOf(ui, [fallbackLocale, locale]))
      if (strings === undefined) throw new Error('render cache: the UI strings cannot be keyed as JSON')
      key = sha(base, strings, String(year))
      keys.set(locale, key)
    }
    return key
  }
}

function uiOf(ui: unknown, localesRead: string[]): unknown {
  if (Array.isArray(ui)) return ui.filter((file: { locale?: unknown }) => localesRead.includes(String(file.locale)))
  if (ui && typeof ui === 'object') return Object.fromEntries(Object.entries(ui).filter(([locale]) => localesRead.includes(locale)))
  return ui
}

/** JSON that holds exactly what it was given, or undefined when it cannot (functions, Map, Set, symbols, bigint). */
export function exactJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint' || v instanceof Map || v instanceof Set) throw new Unserializable()
      return v
    })
  } catch (error) {
    if (error instanceof Unserializable) return undefined
    throw error
  }
}
class Unserializable extends Error {}

/** A page's key; undefined when its data cannot be keyed exactly (the page is then always rendered). */
export function pageKey(code: string, shared: string, url: string, data: unknown): string | undefined {
  const json = exactJson(data)
  return json === undefined ? undefined : sha(code, shared, url, json)
}

// Not ".html": a dev server watching the project reloads the page when an HTML file changes.
const entryFile = (dir: string, url: string) => join(dir, `${sha(url).slice(0, 24)}.document`)

/** The stored document of `url` if it was stored under `key`. */
export function readEntry(dir: string, url: string, key: string): string | undefined {
  const file = entryFile(dir, url)
  if (!existsSync(file)) return undefined
  const text = readFileSync(file, 'utf8')
  const newline = text.indexOf('\n')
  return text.slice(0, newline) === key ? text.slice(newline + 1) : undefined
}

/** Stores `html` as the document of `url` under `key` (replacing the URL's previous entry; written whole, then renamed). */
export function writeEntry(dir: string, url: string, key: string, html: string): void {
  mkdirSync(dir, { recursive: true })
  const file = entryFile(dir, url)
  writeFileSync(`${file}.${process.pid}.tmp`, `${key}\n${html}`)
  renameSync(`${file}.${process.pid}.tmp`, file)
}

/**
 * The cache as onRenderHtml uses it: one instance per prerender process; undefined outside a
 * production prerender, and with RENDER_CACHE=0 (the bench measures the build without it).
 */
export function renderCache(moduleUrl: string, shared: () => Record<string, unknown>, dir = RENDER_CACHE_DIR) {
  const bundle = process.env.RENDER_CACHE === '0' ? undefined : serverBundleDir(fileURLToPath(moduleUrl))
  if (!bundle) return undefined
  const code = codeIdentity(bundle)
  const sharedKey = sharedInputs(shared(), new Date().getFullYear())
  const count = { reused: 0, rendered: 0 }
  // On stderr: the prerender leaves the run's stdout (Vike's line per file written) out of the build's log.
  process.once('exit', () => process.stderr.write(`render cache: ${count.reused} of ${count.reused + count.rendered} documents unchanged, from ${dir}\n`))
  return {
    key: (url: string, locale: string, data: unknown) => pageKey(code, sharedKey(locale), url, data),
    read: (url: string, key: string) => {
      const html = readEntry(dir, url, key)
      if (html === undefined) count.rendered++
      else count.reused++
      return html
    },
    write: (url: string, key: string, html: string) => writeEntry(dir, url, key, html),
  }
}
