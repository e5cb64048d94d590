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

/** The manifest's files by kind ("sheet" or "other") and id, in manifest order, made once like
 *  the manifest itself: each product page asks for its sheets, and a scan of the whole manifest
 *  per page grew with pages × catalogue. */
let byId: Map<string, DocumentFile[]> | undefined
function filesOf(kind: 'sheet' | 'other', id: string): readonly DocumentFile[] {
  if (!byId) {
    byId = new Map()
    for (const f of documentFiles()) {
      const key = `${f.kind === 'data-sheet' ? 'sheet' : 'other'}\0${f.id}`
      const same = byId.get(key)
      if (same) same.push(f)
      else byId.set(key, [f])
    }
  }
  return byId.get(`${kind}\0${id}`) ?? []
}

export const dataSheets = (product: string) => filesOf('sheet', product)
/** The files of an item of the downloads page: the generated size chart, or dropped compliance files. */
export const itemFiles = (item: string) => filesOf('other', item)

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
