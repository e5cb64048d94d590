// Styles sit beside their components and reach a page only through the stylesheet of its type
// (renderer/stylesheets/*.css, lists of @import that Vite inlines into one file each).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../../lib/build/files-under'

const ROOT = resolve(import.meta.dirname, '../..')
const ENTRIES = join(ROOT, 'renderer/stylesheets')

const sourceFolders = ['components', 'pages', 'renderer', 'lib'].map((d) => join(ROOT, d))
const sources = sourceFolders.flatMap(filesUnder)
const cssFiles = sources.filter((f) => f.endsWith('.css'))

/** Every file a stylesheet pulls in through @import, itself included; a missing file throws. */
function imported(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const [, target] of readFileSync(file, 'utf8').matchAll(/@import\s+"([^"]+)"/g)) imported(resolve(dirname(file), target!), seen)
  return seen
}

describe('stylesheets', () => {
  const entries = readdirSync(ENTRIES).map((f) => join(ENTRIES, f))

  it('ship every CSS file of the components and pages', () => {
    const reached = new Set(entries.flatMap((e) => [...imported(e)]))
    const unreached = cssFiles.filter((f) => !reached.has(f)).map((f) => relative(ROOT, f))
    expect(unreached).toEqual([])
  })

  it('are the only CSS a module imports (Vike would link any other as a stylesheet of its own)', () => {
    const modules = sources.filter((f) => /\.tsx?$/.test(f))
    const imports = modules.flatMap((m) =>
      [...readFileSync(m, 'utf8').matchAll(/^import\s+(?:[^'"]*from\s+)?'([^']+\.css)'/gm)].map(([, spec]) => ({
        from: relative(ROOT, m),
        css: resolve(dirname(m), spec!),
      })),
    )
    expect(imports.filter((i) => !entries.includes(i.css)).map((i) => `${i.from} imports ${relative(ROOT, i.css)}`)).toEqual([])
    // Content pages, islands and the admin page each import one.
    expect(new Set(imports.map((i) => i.css)).size).toBe(entries.length)
  })
})
