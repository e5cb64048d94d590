// The audit's reading of each content file, kept between runs, so that the build grows slowly
// with the content. Parsing every YAML file and MDX frontmatter with positions is a large part of
// the audit's CPU; a file whose text has not changed comes back from
// .generated/audit/leaves.json. An entry is keyed by the file's text, the kind of file and the
// link field, and the whole cache by the source of the two parsers and the yaml package's
// version, so an edit to either parser empties it. Each run keeps only the entries it used.
// `npm run audit` turns it on (scripts/audit/cli.ts); the library default is no cache.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { entryStore } from '../build/entry-store'
import type { Leaf, ParsedYaml } from './yaml-leaves'

export const LEAF_CACHE_DIR = '.generated/audit'

type Stored = { leaves: Leaf[]; lines: [string, number][]; error?: ParsedYaml['error'] }

export type LeafCache = {
  /** The parse of `text` from the cache, or `parse()`'s result, stored for the next run. */
  parsed: (kind: 'yaml' | 'mdx', text: string, linkField: string | undefined, parse: () => ParsedYaml) => ParsedYaml
  /** Writes the entries this run used (only when something changed). */
  save: () => void
  readonly hits: number
  readonly misses: number
}

function parserVersion(): string {
  const source = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')
  const yaml = (createRequire(import.meta.url)('yaml/package.json') as { version: string }).version
  return createHash('sha256').update(source('yaml-leaves.ts')).update('\0').update(source('mdx-leaves.ts')).update(`\0${yaml}`).digest('hex')
}

export function leafCache(dir = LEAF_CACHE_DIR): LeafCache {
  const store = entryStore<Stored>(join(dir, 'leaves.json'), parserVersion())
  return {
    parsed(kind, text, linkField, parse) {
      const key = createHash('sha256')
        .update(`${kind}\0${linkField ?? ''}\0`)
        .update(text)
        .digest('base64url')
      const hit = store.get(key)
      if (hit) return { leaves: hit.leaves, lines: new Map(hit.lines), ...(hit.error ? { error: hit.error } : {}) }
      const result = parse()
      store.put(key, { leaves: result.leaves, lines: [...result.lines], ...(result.error ? { error: result.error } : {}) })
      return result
    },
    save: store.save,
    get hits() {
      return store.hits
    },
    get misses() {
      return store.misses
    },
  }
}
