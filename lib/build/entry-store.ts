// Cache entries kept in one JSON file between builds, for the audit's parse cache
// (lib/audit/leaf-cache.ts). The file is valid for one `version`
// (the parser's source and package versions): written by other code, it is ignored. A save keeps
// only the entries this run used, and writes only when something changed; the file is written
// whole under another name and then renamed, so a reader never sees half of it.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export type EntryStore<T> = {
  /** The stored entry (kept for the next run), or undefined (counted as a miss). */
  get: (key: string) => T | undefined
  /** Keeps `value` for the next run. */
  put: (key: string, value: T) => void
  save: () => void
  readonly hits: number
  readonly misses: number
}

type StoreFile<T> = { version: string; entries: Record<string, T> }

/**
 * A JSON file the build keeps between runs, when it is there, readable and of `version`;
 * otherwise undefined (written by other code: the caller starts afresh).
 */
export function readVersionedJson<T extends { version: string | number }>(file: string, version: T['version']): T | undefined {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as T
    return json.version === version ? json : undefined
  } catch {
    return undefined
  }
}

export function entryStore<T>(file: string, version: string): EntryStore<T> {
  // No file yet, or an unreadable one: every entry is a miss.
  const stored: Record<string, T> = readVersionedJson<StoreFile<T>>(file, version)?.entries ?? {}
  const used: Record<string, T> = {}
  let hits = 0
  let misses = 0
  return {
    get(key) {
      const hit = stored[key]
      if (hit === undefined) {
        misses++
        return undefined
      }
      hits++
      used[key] = hit
      return hit
    },
    put(key, value) {
      used[key] = value
    },
    save() {
      if (misses === 0 && Object.keys(used).length === Object.keys(stored).length) return
      mkdirSync(dirname(file), { recursive: true })
      const temp = `${file}.${process.pid}.tmp`
      writeFileSync(temp, JSON.stringify({ version, entries: used } satisfies StoreFile<T>))
      renameSync(temp, file)
    },
    get hits() {
      return hits
    },
    get misses() {
      return misses
    },
  }
}
