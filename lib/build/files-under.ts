// Every file under a folder, at any depth, sorted: the walker for every plain file list (built
// pages, cache entries, content files), so that each one sorts the same way and none keeps its
// own recursion. Walks that prune folders as they go (lib/content/checks.ts) stay their own.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Paths (folder joined with each file's path below it) of every file under `dir`, sorted. */
export const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()
