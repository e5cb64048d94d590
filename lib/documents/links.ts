// What pages list for download: links with language, type, size and date, in the reader's
// language, from the manifest the documents step writes (lib/documents/manifest.ts).
import { localeInfo, routeTable, translator } from '../content/data'
import type { LocaleCode } from '../routing/table'
import { dataSheets, type DocumentFile, fileDetails, itemFiles } from './manifest'

export type FileLink = { href: string; lang: string; label: string; details: string }
/** `items`: the files of each downloads item, by item id. */
export type DownloadsDocuments = { sheets: FileLink[]; items: Record<string, FileLink[]> }

const byReaderFirst = (locale: string) => (a: DocumentFile, b: DocumentFile) =>
  Number(b.lang === locale || b.lang === 'all') - Number(a.lang === locale || a.lang === 'all') ||
  routeTable.locales.indexOf(a.lang as LocaleCode) - routeTable.locales.indexOf(b.lang as LocaleCode)

function link(file: DocumentFile, locale: LocaleCode, label: string): FileLink {
  const t = translator(locale)
  const language = (lang: string) => (lang === 'all' ? t('documents.allLanguages') : localeInfo(lang as LocaleCode).name)
  return { href: file.href, lang: file.lang, label, details: fileDetails(file, locale, language) }
}

/** A product page: its data sheet in every language, the reader's first. */
export function productSheetLinks(product: string, locale: LocaleCode): FileLink[] {
  const t = translator(locale)
  const label = t('documents.sheet.fileLabel', { product: t(`product.${product}.name`) })
  return [...dataSheets(product)].sort(byReaderFirst(locale)).map((f) => link(f, locale, label))
}

/** The downloads page: every product's sheet in the reader's language, and each item's files (the
 *  size chart, published compliance files) in every language, the reader's first. */
export function downloadsDocuments(locale: LocaleCode, documentIds: string[]): DownloadsDocuments {
  const t = translator(locale)
  const products = [...routeTable.routes.values()].filter((r) => r.page === 'product' && r.paths[locale]).map((r) => r.param!)
  const sheets = products.flatMap((p) =>
    dataSheets(p)
      .filter((f) => f.lang === locale)
      .map((f) => link(f, locale, t('documents.sheet.fileLabel', { product: t(`product.${p}.name`) }))),
  )
  const items = Object.fromEntries(documentIds.map((id) => [id, [...itemFiles(id)].sort(byReaderFirst(locale)).map((f) => link(f, locale, ''))]))
  return { sheets, items }
}
