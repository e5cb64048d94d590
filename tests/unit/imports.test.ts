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

describe('no import cycles', () => {
  const FOLDERS = ['lib', 'components', 'renderer', 'pages', 'scripts', 'server']

  /** The file a relative specifier of `from` names, or undefined for a package. */
  const resolveFile = (from: string, specifier: string) => {
    if (!specifier.startsWith('.')) return undefined
    const base = relative(process.cwd(), resolve(dirname(from), specifier))
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => /\.tsx?$/.test(f) && existsSync(f))
  }

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
