// Every file under a folder, at any depth, sorted: the walker for every plain file list (built
// pages, cache entries, content files), so that each one sorts the same way and none keeps its
// own recursion. Walks that prune folders as they go (lib/content/checks.ts) or look at folders
// themselves (empty folders in lib/build/page-snapshot.ts) stay their own. And the one way the
// build fingerprints what a step reads (hashFiles: lib/build/page-snapshot.ts,
// lib/build/step-cache.ts).
import type { Hash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Paths (folder joined with each file's path below it) of every file under `dir`, sorted. */
export const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()

/** Every file of the given files and folders (relative to `root`; folders at any depth), relative to `root`, sorted, each once; a missing one is left out. */
export function filesOf(root: string, paths: string[]): string[] {
  const files = paths.flatMap((p) => {
    const path = join(root, p)
    const s = statSync(path, { throwIfNoEntry: false })
    if (!s) return []
    return s.isDirectory() ? filesUnder(path).map((f) => relative(root, f)) : [p]
  })
  return [...new Set(files)].sort()
}

/**
 * Feeds `hash` what the given files and folders hold: whether each one is there, then every file
 * of them but `skip`, path and bytes. A file that appears, disappears or changes changes the hash.
 */
export function hashFiles(hash: Hash, root: string, paths: string[], skip: readonly string[] = []): Hash {
  for (const p of paths) hash.update(`${p}:${existsSync(join(root, p)) ? 'present' : 'missing'}\0`)
  const skipped = new Set(skip)
  for (const file of filesOf(root, paths))
    if (!skipped.has(file))
      hash
        .update(`${file}\0`)
        .update(readFileSync(join(root, file)))
        .update('\0')
  return hash
}
