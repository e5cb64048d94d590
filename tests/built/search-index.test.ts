// The search index of the built site: one bundle per language, and each page's <head> and <main>
// give the same Pagefind files as the whole pages (scripts/search-index.ts).
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import * as pagefind from 'pagefind'
import { describe, expect, it } from 'vitest'
import { pageFiles } from '../../scripts/page-scripts'
import { bundleDir, indexablePages, searchableHtml, writeSearchIndex } from '../../scripts/search-index'
import { pagefindFiles as bundle } from '../helpers/pagefind-files'
import { tempDir } from '../setup/temp-dirs'

describe('search index of the built site', () => {
  it("indexes each language of the built site from each page's <head> and <main> alone, file for file as Pagefind indexes the whole pages", async () => {
    // The pages `npm run build` wrote, copied: the index is written into the site, and dist/ is read by other tests.
    const root = tempDir('search-index-built-')
    const real = join(root, 'real-site')
    for (const file of pageFiles('dist/client')) {
      mkdirSync(dirname(join(real, relative('dist/client', file))), { recursive: true })
      copyFileSync(file, join(real, relative('dist/client', file)))
    }
    const pages = indexablePages(real)
    expect(pages.length).toBeGreaterThan(200)
    const sample = searchableHtml(readFileSync(pages[0]!.file, 'utf8')) // the menus and footer are left out
    expect(sample).toContain('data-pagefind-body')
    expect(sample).not.toContain('<footer')
    expect(sample).not.toContain('<nav')
    const { languages } = await writeSearchIndex(real, pages)
    expect(languages).toEqual(['ar', 'de', 'en', 'es', 'fr', 'it', 'tr'])
    expect(readdirSync(join(real, 'pagefind')).sort()).toEqual(languages)

    for (const lang of languages) {
      const { index } = await pagefind.createIndex({})
      if (!index) throw new Error('Pagefind gave no index')
      try {
        for (const page of pages.filter((p) => p.lang === lang).sort((a, b) => (a.sourcePath < b.sourcePath ? -1 : 1)))
          await index.addHTMLFile({ sourcePath: page.sourcePath, content: readFileSync(page.file, 'utf8') })
        const whole = Object.fromEntries(
          (await index.getFiles()).files.map((f) => {
            const path = f.path.replace(/\\/g, '/')
            return [path, path === 'pagefind-entry.json' ? JSON.parse(Buffer.from(f.content).toString('utf8')) : Buffer.from(f.content).toString('base64')]
          }),
        )
        // Each bundle holds its own language alone.
        expect(Object.keys((whole['pagefind-entry.json'] as { languages: object }).languages)).toEqual([lang])
        expect(bundle(join(real, 'pagefind', lang))).toEqual(whole)
      } finally {
        await pagefind.close()
      }
    }
  })

  it('refuses a <html lang> that cannot name a folder', () => {
    expect(bundleDir('pt-br')).toBe('pagefind/pt-br')
    expect(() => bundleDir('../x')).toThrow('<html lang="../x"> cannot name a bundle folder')
  })
})
