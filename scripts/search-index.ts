// Site search index: Pagefind reads the built HTML and writes one index per <html lang> to
// dist/client/pagefind/. Only <main data-pagefind-body> is indexed, which renderer/document.tsx
// sets on indexable pages alone: placeholder, thank-you, admin, report and 404 pages stay out.
import { readFileSync } from 'node:fs'
import * as pagefind from 'pagefind'

export async function writeSearchIndex(site: string): Promise<{ pages: number; languages: string[] }> {
  const { index, errors } = await pagefind.createIndex({})
  if (!index) throw new Error(`search index: ${errors.join('; ')}`)
  try {
    const added = await index.addDirectory({ path: site })
    if (added.errors.length) throw new Error(`search index: ${added.errors.join('; ')}`)
    const written = await index.writeFiles({ outputPath: `${site}/pagefind` })
    if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`)
    const entry = JSON.parse(readFileSync(`${site}/pagefind/pagefind-entry.json`, 'utf8')) as { languages: Record<string, { page_count: number }> }
    const pages = Object.values(entry.languages).reduce((sum, l) => sum + l.page_count, 0)
    return { pages, languages: Object.keys(entry.languages).sort() }
  } finally {
    await pagefind.close()
  }
}
