// Where each UI key is used: the URLs of the pages whose render asked t() for it, recorded by the
// prerender, so that a translator sees where an interface text appears (the XLIFF export's
// context note, the audit's items CSV).
//
// Recording: every server translator is ./fill.ts translator(), which tells `keyRecorder` each key
// it is asked for; renderer/+onRenderHtml.tsx sets the recorder around one page's render, which
// is synchronous (renderToString), so every key recorded belongs to that page. An island page
// also counts its browser dictionary (some of it shows only later: a form's errors). Keys a
// page's +data hook translates (titles, breadcrumbs) run outside the render and are not recorded.
// Each `vike prerender` process writes its pages' keys when it exits; scripts/prerender.ts merges
// them into KEY_USAGE_FILE, an output of build:prerender (turbo.json).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { keyRecorder } from './fill'

/** Outside dist/client: read by the tools, never published. */
export const KEY_USAGE_FILE = 'dist/ui-key-usage.json'
/** One file per prerender process, merged and removed by scripts/prerender.ts. */
export const KEY_USAGE_PARTS = '.generated/key-usage/parts'

/** KEY_USAGE_FILE: every page once ([url, locale]); per key, the indexes of the pages that used it. */
export type KeyUsage = { pages: [string, string][]; keys: Record<string, number[]> }
type PageKeys = { locale: string; keys: string[] }
type Pages = Record<string, PageKeys>

/** Runs `render` with every key a translator is asked for added to `into`. */
export function recordingKeys<T>(into: Set<string>, render: () => T): T {
  const outer = keyRecorder.add
  keyRecorder.add = (key) => into.add(key)
  try {
    return render()
  } finally {
    keyRecorder.add = outer
  }
}

const readPages = (file: string): Pages => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Pages) : {})

/** The recorder of one prerender process: its pages' keys, written to `partsDir` when it exits. */
export function keyUsageRecorder({ partsDir = KEY_USAGE_PARTS, atExit = true } = {}) {
  const pages: Pages = {}
  /** Writes this process's part (once it has rendered anything); called when the process exits. */
  const flush = (name = String(process.pid)) => {
    if (!Object.keys(pages).length) return
    mkdirSync(partsDir, { recursive: true })
    writeFileSync(join(partsDir, `${name}.json`), JSON.stringify(pages))
  }
  if (atExit) process.once('exit', () => flush())
  return {
    pages,
    flush,
    /** Renders the page recording its keys. `shipped`: keys the page sends to the browser (an island's dictionary), used there too. */
    render<T>(url: string, locale: string, render: () => T, shipped: Iterable<string> = []): T {
      const used = new Set<string>(shipped)
      const result = recordingKeys(used, render)
      pages[url] = { locale, keys: [...used].sort() }
      return result
    },
  }
}

/** Before the prerender: no part of an earlier, perhaps failed, run may be merged. */
export function clearKeyUsageParts(partsDir = KEY_USAGE_PARTS): void {
  rmSync(partsDir, { recursive: true, force: true })
}

const writeWhole = (file: string, text: string) => {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(`${file}.${process.pid}.tmp`, text)
  renameSync(`${file}.${process.pid}.tmp`, file)
}

/** Merges the processes' parts into `outFile` (sorted: the same pages give the same bytes) and removes them. */
export function mergeKeyUsage(partsDir = KEY_USAGE_PARTS, outFile = KEY_USAGE_FILE): KeyUsage {
  const all: Pages = {}
  for (const name of existsSync(partsDir) ? readdirSync(partsDir).sort() : []) if (name.endsWith('.json')) Object.assign(all, readPages(join(partsDir, name)))
  const urls = Object.keys(all).sort()
  const byKey = new Map<string, number[]>()
  urls.forEach((url, index) => {
    for (const key of all[url]!.keys) {
      const indexes = byKey.get(key)
      if (indexes) indexes.push(index)
      else byKey.set(key, [index])
    }
  })
  const usage: KeyUsage = {
    pages: urls.map((url) => [url, all[url]!.locale]),
    keys: Object.fromEntries([...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  }
  writeWhole(outFile, `${JSON.stringify(usage)}\n`)
  clearKeyUsageParts(partsDir)
  return usage
}

/** The last build's usage, or undefined when there is none (a checkout that has not built). */
export function readKeyUsage(file = KEY_USAGE_FILE): KeyUsage | undefined {
  if (!existsSync(file)) return undefined
  let usage: KeyUsage | undefined
  try {
    usage = JSON.parse(readFileSync(file, 'utf8')) as KeyUsage
  } catch {}
  if (!Array.isArray(usage?.pages) || typeof usage?.keys !== 'object') throw new Error(`${file}: not a UI key usage file; delete it and build again`)
  return usage
}

/** The URLs of `locale`'s pages that used `key`, sorted. */
export function pagesUsing(usage: KeyUsage, key: string, locale: string): string[] {
  return (usage.keys[key] ?? [])
    .map((i) => usage.pages[i])
    .filter((page) => page?.[1] === locale)
    .map((page) => page![0])
}

/** "used on 61 pages: /de/, /de/kontakt/, /de/produkte/, …": the first `shown` URLs and the count. */
export function usedOnText(usage: KeyUsage, key: string, locale: string, shown = 3): string {
  const urls = pagesUsing(usage, key, locale)
  if (!urls.length) return 'used on no page of the build (it may be used by a page title, a data sheet or a mail)'
  const list = urls.slice(0, shown).join(', ') + (urls.length > shown ? ', …' : '')
  return `used on ${urls.length} page${urls.length === 1 ? '' : 's'}: ${list}`
}
