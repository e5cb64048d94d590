// lib/build/render-cache.ts: a prerendered document is reused only when its code, the shared
// content and its own data are what they were. A key that missed one of them would ship a stale
// page, so each input must change the key, and the rule the cache relies on (components read
// content only through `data` and the shared collections) is checked over the source.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { codeIdentity, exactJson, pageKey, readEntry, serverBundleDir, sharedInputs, writeEntry } from '../../lib/build/render-cache'

const root = mkdtempSync(join(tmpdir(), 'render-cache-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('page keys', () => {
  const ui = { en: { 'nav.home': 'Home' }, tr: { 'nav.home': 'Ana sayfa' }, de: { 'nav.home': 'Startseite' } }
  const shared = sharedInputs({ facts: { squares: [16, 32] }, ui }, 2026)('en')
  const data = { head: { title: 'Pork netting' }, body: 'Elastic netting for pork loins.' }
  const key = pageKey('code-1', shared, '/en/pork-netting/', data)!

  it('is the same for the same inputs, whatever the order of object keys in memory', () => {
    expect(pageKey('code-1', shared, '/en/pork-netting/', { head: { title: 'Pork netting' }, body: 'Elastic netting for pork loins.' })).toBe(key)
  })

  it('changes with the code, the shared content, the year, the URL and the data', () => {
    expect(pageKey('code-2', shared, '/en/pork-netting/', data)).not.toBe(key)
    expect(pageKey('code-1', sharedInputs({ facts: { squares: [16, 36] }, ui }, 2026)('en'), '/en/pork-netting/', data)).not.toBe(key)
    expect(pageKey('code-1', sharedInputs({ facts: { squares: [16, 32] }, ui }, 2027)('en'), '/en/pork-netting/', data)).not.toBe(key)
    expect(pageKey('code-1', shared, '/tr/domuz-eti-filesi/', data)).not.toBe(key)
    expect(pageKey('code-1', shared, '/en/pork-netting/', { ...data, body: 'Elastic netting for pork loins and hams.' })).not.toBe(key)
  })

  it("holds the UI strings of the page's own language and of English, the fallback, and no other", () => {
    const keys = (strings: typeof ui) => {
      const of = sharedInputs({ facts: { squares: [16, 32] }, ui: strings }, 2026)
      return { en: of('en'), tr: of('tr'), de: of('de') }
    }
    const before = keys(ui)
    // One Turkish string edited: only Turkish pages change.
    const trEdit = keys({ ...ui, tr: { 'nav.home': 'Anasayfa' } })
    expect(trEdit.tr).not.toBe(before.tr)
    expect(trEdit.de).toBe(before.de)
    expect(trEdit.en).toBe(before.en)
    // An English string is every language's fallback: every page changes.
    const enEdit = keys({ ...ui, en: { 'nav.home': 'Start' } })
    for (const locale of ['en', 'tr', 'de'] as const) expect(enEdit[locale]).not.toBe(before[locale])
    // velite's form: a list of files, each with its locale.
    const files = [
      { locale: 'en', strings: { a: 'A' } },
      { locale: 'tr', strings: { a: 'Â' } },
    ]
    const listed = sharedInputs({ ui: files }, 2026)
    expect(sharedInputs({ ui: [files[0], { locale: 'tr', strings: { a: 'B' } }] }, 2026)('en')).toBe(listed('en'))
    expect(sharedInputs({ ui: [files[0], { locale: 'tr', strings: { a: 'B' } }] }, 2026)('tr')).not.toBe(listed('tr'))
  })

  it('is undefined for data that JSON cannot hold exactly, so such a page is always rendered', () => {
    expect(exactJson({ a: [1, { b: 'x' }] })).toBe('{"a":[1,{"b":"x"}]}')
    for (const odd of [{ f: () => 1 }, { m: new Map([[1, 2]]) }, { s: new Set([1]) }, { deep: [{ n: 1n }] }]) {
      expect(exactJson(odd)).toBeUndefined()
      expect(pageKey('code-1', shared, '/en/', odd)).toBeUndefined()
    }
  })
})

describe('the code identity', () => {
  const bundle = join(root, 'dist/server')
  mkdirSync(join(bundle, 'chunks'), { recursive: true })
  writeFileSync(join(bundle, 'entry.mjs'), 'import "./chunks/a.js"')
  writeFileSync(join(bundle, 'chunks/a.js'), 'export const footer = "©"')
  const lock = join(root, 'package-lock.json')
  writeFileSync(lock, '{"packages":{"node_modules/react":{"version":"19.3.1"}}}')

  it('is found from a module inside dist/server, and not outside a build', () => {
    expect(serverBundleDir(join(bundle, 'chunks/a.js'))).toBe(bundle)
    expect(serverBundleDir(join(root, 'renderer/+onRenderHtml.tsx'))).toBeUndefined()
  })

  it('changes with any file of the bundle and with the lock file', () => {
    const before = codeIdentity(bundle, lock)
    expect(codeIdentity(bundle, lock)).toBe(before)
    writeFileSync(join(bundle, 'chunks/a.js'), 'export const footer = "(c)"')
    const edited = codeIdentity(bundle, lock)
    expect(edited).not.toBe(before)
    writeFileSync(join(bundle, 'chunks/b.js'), '')
    expect(codeIdentity(bundle, lock)).not.toBe(edited)
    const withB = codeIdentity(bundle, lock)
    writeFileSync(lock, '{"packages":{"node_modules/react":{"version":"19.3.2"}}}')
    expect(codeIdentity(bundle, lock)).not.toBe(withB)
  })
})

describe('entries', () => {
  const dir = join(root, 'pages')

  it('give back the stored document under its key only, one entry per URL', () => {
    expect(readEntry(dir, '/en/', 'k1')).toBeUndefined()
    writeEntry(dir, '/en/', 'k1', '<html lang="en"><body>\nHome</body></html>')
    expect(readEntry(dir, '/en/', 'k1')).toBe('<html lang="en"><body>\nHome</body></html>')
    expect(readEntry(dir, '/en/', 'k2')).toBeUndefined()
    expect(readEntry(dir, '/tr/', 'k1')).toBeUndefined()
    writeEntry(dir, '/en/', 'k2', '<html lang="en"><body>Home, edited</body></html>')
    expect(readEntry(dir, '/en/', 'k1')).toBeUndefined()
    expect(readdirSync(dir)).toHaveLength(1)
  })
})

describe('what the cache relies on', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
    )
  /** Names imported from lib/content/data by a file, type imports aside. */
  const contentImports = (source: string) =>
    [...source.matchAll(/import\s+(?!type\b)\{([^}]*)\}\s*from\s*'[./]*(?:lib\/)?content\/data'/g)].flatMap((m) =>
      m[1]!
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type ')),
    )

  it('finds what a file imports from lib/content/data (the control for the check below)', () => {
    expect(contentImports(`import { facts, type Translate } from '../../lib/content/data'\nimport type { X } from '../lib/content/data'`)).toEqual(['facts'])
  })

  it('components, the renderer and pages, and the lib/ modules they import, read content only through data hooks or the shared collections in the key', () => {
    // onRenderHtml puts locales, routes, facts and ui in the key; the rest derives from them.
    const shared = new Set(['facts', 'locales', 'routes', 'ui', 'routeTable', 'dictionaries', 'localeInfo', 'translator'])
    const entries = [...files('components'), ...files('renderer'), ...files('pages')].filter((file) => !/\/\+(data|onBeforePrerenderStart)\.ts$/.test(file))
    // Follow value imports (not `import type`) of our own modules, so that a helper in lib/ counts too.
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      for (const m of readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^'"]*?from\s*'(\.[^']+)'/gm)) {
        const base = join(dirname(file), m[1]!)
        const target = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(f))
        if (target && !target.includes('.velite') && !target.endsWith('lib/content/data.ts')) visit(target)
      }
    }
    for (const file of entries) visit(file)
    const offending = [...seen].flatMap((file) =>
      contentImports(readFileSync(file, 'utf8'))
        .filter((name) => !shared.has(name))
        .map((name) => `${file}: ${name}`),
    )
    expect([...seen].filter((f) => f.startsWith('lib/')).length, 'lib/ modules reached from the pages').toBeGreaterThan(10)
    expect(offending).toEqual([])
  })
})
