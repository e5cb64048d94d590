// lib/ is the layer below the renderer and the components (docs/ARCHITECTURE.md, "Folders"):
// it may import other lib/ files, .velite/ and packages, never renderer/ or components/. The
// components sit below the pages and the renderer: they import lib/, never pages/ or renderer/.
// No module imports itself through others: a cycle is a pair that should share a lower module.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []))

/** Every module specifier in a file: import/export … from '…', import('…'), bare import '…'. */
const specifiers = (source: string) => [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!)

describe('lib/ imports neither renderer/ nor components/', () => {
  it('finds import specifiers of every form (the control for the check below)', () => {
    const sample = `import type { A } from '../../renderer/x'\nexport { B } from "../components/y"\nconst c = await import('../renderer/z')\nimport '../components/side-effect'`
    expect(specifiers(sample)).toEqual(['../../renderer/x', '../components/y', '../renderer/z', '../components/side-effect'])
  })

  it('no file in lib/ imports from renderer/ or components/', () => {
    // Tests beside the code (*.test.ts) may drive the browser-side pieces they test.
    const offending = files('lib')
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        specifiers(readFileSync(file, 'utf8'))
          .filter((s) => /(^|\/)(renderer|components)(\/|$)/.test(s))
          .map((s) => `${file}: ${s}`),
      )
    expect(files('lib').length).toBeGreaterThan(20)
    expect(offending).toEqual([])
  })
})

describe('components/ import neither pages/ nor renderer/', () => {
  /** The top-level folder a relative specifier of `file` lands in ('' for a package). */
  const target = (file: string, specifier: string) =>
    specifier.startsWith('.') ? relative(process.cwd(), resolve(dirname(file), specifier)).split('/')[0]! : ''

  it('tells lib/pages/ from the pages/ folder (the control for the check below)', () => {
    expect(target('components/admin/leads-view.tsx', '../../lib/pages/admin')).toBe('lib')
    expect(target('components/admin/leads-view.tsx', '../../pages/admin/+data')).toBe('pages')
    expect(target('components/forms/field.tsx', '../../renderer/page-root')).toBe('renderer')
    expect(target('components/forms/field.tsx', 'react')).toBe('')
  })

  it('no file in components/ imports from pages/ or renderer/', () => {
    const offending = files('components')
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        specifiers(readFileSync(file, 'utf8'))
          .filter((s) => ['pages', 'renderer'].includes(target(file, s)))
          .map((s) => `${file}: ${s}`),
      )
    expect(files('components').length).toBeGreaterThan(20)
    expect(offending).toEqual([])
  })
})

/** The file a relative specifier of `from` names, or undefined for a package. */
const resolveFile = (from: string, specifier: string) => {
  if (!specifier.startsWith('.')) return undefined
  const base = relative(process.cwd(), resolve(dirname(from), specifier))
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => /\.tsx?$/.test(f) && existsSync(f))
}

describe('no import cycles', () => {
  const FOLDERS = ['lib', 'components', 'renderer', 'pages', 'scripts', 'server']

  /** Every cycle reached by a depth-first walk, as "a -> b -> a". */
  const cycles = (graph: Map<string, string[]>) => {
    const found: string[] = []
    const done = new Set<string>()
    const path: string[] = []
    const visit = (file: string) => {
      path.push(file)
      for (const next of graph.get(file) ?? []) {
        if (path.includes(next)) found.push([...path.slice(path.indexOf(next)), next].join(' -> '))
        else if (!done.has(next)) visit(next)
      }
      path.pop()
      done.add(file)
    }
    for (const file of graph.keys()) if (!done.has(file)) visit(file)
    return found
  }

  it('finds a cycle of two modules (the control for the check below)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', []],
    ])
    expect(cycles(graph)).toEqual(['a.ts -> b.ts -> a.ts'])
    expect(resolveFile('lib/i18n/fill.ts', './types')).toBe('lib/i18n/types.ts')
  })

  it('no module of the site, its scripts or servers imports itself through others', () => {
    const graph = new Map(
      FOLDERS.flatMap(files)
        .filter((file) => !/\.test\.tsx?$/.test(file))
        .map((file) => [file, specifiers(readFileSync(file, 'utf8')).flatMap((s) => resolveFile(file, s) ?? [])]),
    )
    expect(graph.size).toBeGreaterThan(100)
    expect(cycles(graph)).toEqual([])
  })
})

// Inside lib/, too, imports run one way: each folder sits in a layer and imports only folders of
// the layers below it (never its own layer's peers). Two folders importing each other always put
// one import upward, so this also keeps lib/ free of folder cycles. A new folder needs a layer.
describe('lib/ folders import only the layers below them', () => {
  /** lib/'s folders (and its top-level files), lowest layer first. */
  const LAYERS = [
    ['charts', 'csv', 'routing', 'sizing', 'supabase'], // no other lib/ folder
    ['i18n', 'seo'], // locales and UI strings, head tags
    ['build', 'facts'], // the build's pure parts, formatted facts
    ['content'], // velite's output and its checks
    ['audit', 'auth', 'documents', 'leads', 'navigation.ts'], // the translation audit (with XLIFF, TBX), sign-in, data sheets, lead form, menus
    ['pages'], // what pages/ and renderer/ need: page data, client data, hrefs, prerender URLs
  ]
  const layerOf = (file: string) => {
    const room = file.split('/')[1]!
    const layer = LAYERS.findIndex((folders) => folders.includes(room))
    if (layer < 0) throw new Error(`${file}: lib/${room} is in no layer of LAYERS (tests/unit/imports.test.ts); add it`)
    return layer
  }
  /** "file: specifier (a → b)" when `file`'s import of `target` does not go down a layer. */
  const upward = (file: string, specifier: string, target: string) => {
    const [from, to] = [file.split('/')[1]!, target.split('/')[1]!]
    if (!target.startsWith('lib/') || from === to || layerOf(target) < layerOf(file)) return []
    return [`${file}: ${specifier} (lib/${from} → lib/${to})`]
  }

  it('flags an import up or across a layer, not one down (the control for the check below)', () => {
    // The first: XLIFF export as it was in lib/i18n/, before it moved to lib/audit/xliff/.
    expect(upward('lib/i18n/xliff-export.ts', '../audit/compare', 'lib/audit/compare.ts')).toEqual([
      'lib/i18n/xliff-export.ts: ../audit/compare (lib/i18n → lib/audit)',
    ])
    expect(upward('lib/seo/head.ts', '../i18n/types', 'lib/i18n/types.ts')).toHaveLength(1)
    expect(upward('lib/audit/compare.ts', '../i18n/translate', 'lib/i18n/translate.ts')).toEqual([])
    expect(upward('lib/i18n/fill.ts', './types', 'lib/i18n/types.ts')).toEqual([])
    expect(upward('lib/pages/article.ts', '../../renderer/x', 'renderer/x.ts')).toEqual([])
    expect(() => layerOf('lib/attic/x.ts')).toThrow('lib/attic is in no layer')
  })

  it('no file in lib/ imports a folder of its own layer or one above', () => {
    const code = files('lib').filter((file) => !/\.test\.tsx?$/.test(file))
    for (const file of code) layerOf(file)
    const offending = code.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8')).flatMap((s) => {
        const target = resolveFile(file, s)
        return target ? upward(file, s, target) : []
      }),
    )
    expect(code.length).toBeGreaterThan(80)
    expect(offending).toEqual([])
  })
})
