// Every file of a Pagefind bundle and its bytes, to compare two bundles file for file.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Each file's path in `dir` → its bytes (base64); pagefind-entry.json parsed (its languages come in any order). */
export function pagefindFiles(dir: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue
    const path = relative(dir, join(e.parentPath, e.name))
    out[path] = path === 'pagefind-entry.json' ? JSON.parse(readFileSync(join(dir, path), 'utf8')) : readFileSync(join(dir, path)).toString('base64')
  }
  return out
}
