// Parsed YAML kept between builds, in .generated/yaml/parsed.json, so that the build grows slowly
// with the content. Parsing the YAML files and MDX front matter with the `yaml` package is a large
// part of a content build's CPU; an unchanged file comes back from this cache as JSON.
//
// An entry holds what parseYaml (problems.ts) returns for a text: the data and the problems. It
// is keyed by the text, the file's display path (it is in the messages) and the first line, and
// the whole cache by the source of problems.ts and the yaml package's version. The line map is
// not stored: it parses the text again on its first question, which only a problem report asks.
// Data that JSON cannot hold exactly (non-finite numbers, -0) is never stored.
//
// One-shot builds (`velite build`) read the cache and write back the entries they used;
// `npm run dev` parses each changed text once in memory (loaders.ts) and leaves the file alone.
// YAML_CACHE=0 turns it off; deleting .generated/ is always safe.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { LineCounter, parseDocument } from 'yaml'
import { type EntryStore, entryStore } from '../build/entry-store'
import { type LineMap, type Problem, parseYaml, yamlLineMap } from './problems'

type Parsed = ReturnType<typeof parseYaml>
type Stored = { data: unknown; problems: Problem[] }

const FILE = process.env.YAML_CACHE === '0' ? undefined : resolve('.generated/yaml/parsed.json')

function parserVersion(): string | undefined {
  const source = resolve('lib/content/problems.ts')
  if (!existsSync(source)) return undefined // not run from the project root: no cache
  const yaml = (createRequire(import.meta.url)('yaml/package.json') as { version: string }).version
  return createHash('sha256').update(readFileSync(source)).update(`\0${yaml}`).digest('hex')
}

/** A line map that parses `text` only when asked (problem reports ask; most builds never do). */
function lazyLineMap(text: string, firstLine: number): LineMap {
  let map: LineMap | undefined
  return {
    lineOf(path) {
      if (!map) {
        const counter = new LineCounter()
        map = yamlLineMap(parseDocument(text, { lineCounter: counter, uniqueKeys: true }), counter, firstLine)
      }
      return map.lineOf(path)
    },
  }
}

/** True when JSON gives back exactly this value: plain objects and arrays of strings, booleans, null and finite numbers. */
export function jsonExact(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  if (Array.isArray(value)) return value.every(jsonExact)
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).every(jsonExact)
  return false
}

export type YamlCache = {
  /** parseYaml(text, file, firstLine), from the cache when an earlier build parsed this text. */
  parse: (text: string, file: string, firstLine?: number) => Parsed
  /** Writes the entries used since the last save, when anything changed; the next parse reads the file again. */
  save: () => void
}

/** A cache in `file` (undefined: none, every text is parsed). */
export function yamlCache(file: string | undefined): YamlCache {
  // Opened on the first parse, so that a process that parses nothing reads nothing.
  let store: EntryStore<Stored> | undefined
  const open = () => {
    if (store || !file) return store
    const version = parserVersion()
    if (version) store = entryStore<Stored>(file, version)
    return store
  }
  return {
    parse(text, displayFile, firstLine = 1) {
      const cache = open()
      if (!cache) return parseYaml(text, displayFile, firstLine)
      const key = createHash('sha256').update(`${displayFile}\0${firstLine}\0`).update(text).digest('base64url')
      const hit = cache.get(key)
      if (hit) return { data: hit.data, lines: lazyLineMap(text, firstLine), problems: hit.problems }
      const parsed = parseYaml(text, displayFile, firstLine)
      if (jsonExact(parsed.data ?? null)) cache.put(key, { data: parsed.data, problems: parsed.problems })
      return parsed
    },
    save() {
      store?.save()
      store = undefined
    },
  }
}

/** The content build's cache (velite.config.ts saves it once per one-shot build). */
const shared = yamlCache(FILE)
export const parseYamlCached = shared.parse
export const saveParsedYaml = shared.save
