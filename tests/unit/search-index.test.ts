// scripts/search-index.ts keeps each language's Pagefind files between builds and indexes only
// the languages whose pages changed. What a warm build writes must be what a cold build (empty
// cache: one Pagefind run over every language) writes for the same pages, file for file, or a
// buyer's search would differ between the two.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { languageGroups, writeSearchIndex } from '../../scripts/search-index'
import { pagefindFiles as bundle } from '../helpers/pagefind-files'

const root = mkdtempSync(join(tmpdir(), 'search-index-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const page = (lang: string, title: string, body: string, indexed = true) =>
  `<!doctype html><html lang="${lang}"${lang === 'ar' ? ' dir="rtl"' : ''}><head><title>${title}</title></head><body><header>Menu</header><main${indexed ? ' data-pagefind-body' : ''}><h1>${title}</h1><p>${body}</p></main></body></html>`

function site(name: string, pages: Record<string, string>): string {
  const dir = join(root, name)
  for (const [path, html] of Object.entries(pages)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), html)
  }
  return dir
}

const PAGES = {
  'en/pork-netting/index.html': page('en', 'Pork netting', 'Elastic netting for pork loins, 16 to 32 squares.'),
  'en/thank-you/index.html': page('en', 'Thank you', 'We will answer within one working day.', false),
  'de/schweinefleisch-netze/index.html': page('de', 'Netze für Schweinefleisch', 'Elastische Netze für Schweinelachs, 16 bis 32 Maschen.'),
  'ar/shabak-lahm-al-khinzir/index.html': page('ar', 'شباك لحم الخنزير', 'شباك مطاطية لقطع اللحم، من 16 إلى 32 عينًا.'),
  'en/404.html': page('en', 'Page not found', 'This page does not exist.', false),
}

const EDITED = {
  ...PAGES,
  'de/schweinefleisch-netze/index.html': page('de', 'Netze für Schweinefleisch', 'Elastische Netze für Schweinelachs und Kasseler.'),
}

/** The bundle a cold build writes for the pages of `dir`: a fresh cache, every language in one Pagefind run. */
async function coldRun(dir: string): Promise<Record<string, unknown>> {
  const result = await writeSearchIndex(dir, join(root, `${relative(root, dir)}-cold-cache`))
  expect(result.indexed).toEqual(result.languages)
  return bundle(join(dir, 'pagefind'))
}

describe('search index per language', () => {
  const cache = join(root, 'cache')

  it('indexes only a changed language again and writes what a cold build writes', async () => {
    const first = site('first', PAGES)
    const cold = await writeSearchIndex(first, cache)
    expect(cold).toEqual({ pages: 3, languages: ['ar', 'de', 'en'], indexed: ['ar', 'de', 'en'] })
    const files = Object.keys(bundle(join(first, 'pagefind')))
    for (const lang of ['ar', 'de', 'en']) expect(files).toContain(`wasm.${lang}.pagefind`)
    expect(files.filter((f) => f.startsWith('fragment/'))).toHaveLength(3)

    const second = site('second', PAGES)
    expect((await writeSearchIndex(second, cache)).indexed).toEqual([])
    expect(bundle(join(second, 'pagefind'))).toEqual(bundle(join(first, 'pagefind')))

    const edited = site('edited', EDITED)
    expect((await writeSearchIndex(edited, cache)).indexed).toEqual(['de'])
    const warm = bundle(join(edited, 'pagefind'))
    expect(warm).toEqual(await coldRun(site('edited-cold', EDITED)))
    expect(warm).not.toEqual(bundle(join(first, 'pagefind')))
    // The cache holds one entry per language: de's old one is gone.
    expect(readdirSync(cache).filter((name) => name.startsWith('de-'))).toHaveLength(1)
  })

  it('writes the same files whether one Pagefind process indexes every language or each language has its own', async () => {
    const one = site('one-service', PAGES)
    const three = site('three-services', PAGES)
    await writeSearchIndex(one, join(root, 'one-service-cache'), undefined, 1)
    await writeSearchIndex(three, join(root, 'three-services-cache'), undefined, 3)
    const files = bundle(join(three, 'pagefind'))
    expect(Object.keys(files).filter((f) => f.startsWith('wasm.'))).toHaveLength(4) // ar, de, en and the shared one
    expect(files).toEqual(bundle(join(one, 'pagefind')))
  })

  it('splits the languages into groups of about the same number of pages', () => {
    const pages = Object.entries({ en: 358, tr: 344, it: 164, es: 163, de: 162, fr: 161, ar: 129 }).flatMap(([lang, n]) =>
      Array.from({ length: n }, (_, i) => ({ sourcePath: `${lang}/${i}/index.html`, lang })),
    )
    const langs = ['ar', 'de', 'en', 'es', 'fr', 'it', 'tr']
    expect(languageGroups(pages, langs, 1)).toEqual([langs])
    expect(languageGroups(pages, langs, 4)).toEqual([['en'], ['tr'], ['ar', 'fr', 'it'], ['de', 'es']])
    expect(languageGroups(pages, ['de'], 4)).toEqual([['de']])
    const sizes = languageGroups(pages, langs, 2).map((g) => g.reduce((n, lang) => n + pages.filter((p) => p.lang === lang).length, 0))
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThan(130)
  })

  it('indexes no language again when only the menus or the footer changed, which Pagefind does not read', async () => {
    const menuCache = join(root, 'menu-cache')
    const before = site('menu-before', PAGES)
    expect((await writeSearchIndex(before, menuCache)).indexed).toEqual(['ar', 'de', 'en'])
    const renamed = Object.fromEntries(Object.entries(PAGES).map(([path, html]) => [path, html.replace('<header>Menu</header>', '<header>Menü, neu</header>')]))
    expect(renamed).not.toEqual(PAGES)
    const after = site('menu-after', renamed)
    expect((await writeSearchIndex(after, menuCache)).indexed).toEqual([])
    expect(bundle(join(after, 'pagefind'))).toEqual(bundle(join(before, 'pagefind')))
  })
})
