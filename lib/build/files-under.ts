// Every file under a folder, at any depth, sorted: the build's caches and the bench walk built
// output and cache entries this way (scripts/search-index.ts, lib/build/render-cache.ts,
// scripts/bench/rebuilds.ts).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Paths (folder joined with each file's path below it) of every file under `dir`, sorted. */
export const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()
