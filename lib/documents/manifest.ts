// The downloadable files of the site: data sheets generated at build time from the same facts
// and content as the product pages (scripts/documents/), a size chart per language generated from
// the facts' product table, and compliance documents the company
// drops into content/documents/<document>/<lang>_<YYYY-MM-DD>.pdf. The build writes this
// manifest before the pages are rendered, so every page can list files with size and date.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { memoFormatter } from '../i18n/format'
import { linkOrCopy } from '../build/link-or-copy'

export const MANIFEST = '.generated/documents/manifest.json'

export type DocumentFile = {
  kind: 'data-sheet' | 'size-chart' | 'compliance'
  /** Product id for data sheets ("beef"); the downloads page's item id for the others ("size-chart", "fda-statement"). */
  id: string
  /** The document's language, or "all" for a file that serves every language. */
  lang: string
  /** Public URL under /documents/. */
  href: string
  /** Where the build copies it from. */
  source: string
  bytes: number
  /** YYYY-MM-DD */
  date: string
}

let cached: DocumentFile[] | undefined
export function documentFiles(): DocumentFile[] {
  if (cached) return cached
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`npm run build:documents\` (part of \`npm run build\`) first`)
  cached = JSON.parse(readFileSync(MANIFEST, 'utf8')) as DocumentFile[]
  return cached
}

/** The manifest's files of one kind by id, in manifest order: each product page asks for its
 *  sheets, and a scan of the whole manifest per page grew with pages × catalogue. */
const byId = (sheets: boolean): Map<string, DocumentFile[]> => {
  const files = documentFiles()
  let index = indexes.get(files)?.[sheets ? 0 : 1]
  if (!index) {
    const pair: [Map<string, DocumentFile[]>, Map<string, DocumentFile[]>] = [new Map(), new Map()]
    for (const f of files) {
      const map = pair[f.kind === 'data-sheet' ? 0 : 1]
      const same = map.get(f.id)
      if (same) same.push(f)
      else map.set(f.id, [f])
    }
    indexes.set(files, pair)
    index = pair[sheets ? 0 : 1]
  }
  return index
}
const indexes = new WeakMap<DocumentFile[], [Map<string, DocumentFile[]>, Map<string, DocumentFile[]>]>()

export const dataSheets = (product: string): DocumentFile[] => [...(byId(true).get(product) ?? [])]
/** The files of an item of the downloads page: the generated size chart, or dropped compliance files. */
export const itemFiles = (item: string): DocumentFile[] => [...(byId(false).get(item) ?? [])]

// Every product page lists its sheet in every language: one formatter per locale, not per file.
const sizeFormat = /* @__PURE__ */ memoFormatter(
  (locale, unit) => new Intl.NumberFormat(`${locale}-u-nu-latn`, { style: 'unit', unit, maximumFractionDigits: 1 }),
)
const dateFormat = /* @__PURE__ */ memoFormatter((locale) => new Intl.DateTimeFormat(`${locale}-u-nu-latn`, { dateStyle: 'long', timeZone: 'UTC' }))

/** "185 KB" / "185 Ko" / "١٨٥ ك.ب." with Latin digits everywhere, as on the rest of the site. */
export function formatSize(bytes: number, locale: string): string {
  const unit = bytes >= 1_000_000 ? 'megabyte' : 'kilobyte'
  const value = unit === 'megabyte' ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000))
  return sizeFormat(locale, unit).format(value)
}

export function formatDate(date: string, locale: string): string {
  return dateFormat(locale).format(new Date(`${date}T00:00:00Z`))
}

/** What a file list shows for one file: language name, type, size, date. */
export function fileDetails(file: DocumentFile, locale: string, languageName: (lang: string) => string): string {
  return [languageName(file.lang), 'PDF', formatSize(file.bytes, locale), formatDate(file.date, locale)].join(' · ')
}

/** Copies the files into the built site (scripts/postbuild.ts). */
export function copyDocuments(site: string) {
  mkdirSync(join(site, 'documents'), { recursive: true })
  for (const f of documentFiles()) linkOrCopy(f.source, join(site, f.href))
}
