// Server-only access to the validated content in .velite/. Pages read content through their
// +data hooks, so content never ships to the browser wholesale.
//
// The collections are read from velite's JSON files when this module runs (in the build's tasks,
// in the prerender, in the dev server), not imported: the server bundle then holds code and no
// content, so a translator's edit never bundles again, and no loader stands between the JSON and
// JSON.parse. The build's tasks run under tsx, which turns every imported JSON file into a
// JavaScript module with esbuild (and keeps a copy in its cache); at a large catalogue that cost
// each task reading the content more than the parse. The dev server re-runs this module when
// velite rewrites a file (server/dev/content-reload.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type * as Velite from '../../.velite/index.js'
import { contentOutDir } from './output-dir'
import { markingFallbacks } from '../i18n/missing-marks'
import { createTranslator } from '../i18n/translate'
import type { Translate, Vars } from '../i18n/types'
import { buildRouteTable, type LocaleCode } from '../routing/table'

type Collections = typeof Velite
const dir = contentOutDir()
/** One collection, as velite wrote it: `<name>.json` in the output folder. */
const read = <K extends keyof Collections>(name: K): Collections[K] => JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'))

export const locales = read('locales')
export const routes = read('routes')
export const facts = read('facts')
export const ui = read('ui')
export const products = read('products')
export const pages = read('pages')
export const countries = read('countries')
export const guides = read('guides')
export const glossary = read('glossary')
export const routeTable = buildRouteTable(routes, locales)

export class MissingContentError extends Error {
  override name = 'MissingContentError'
}

/** The first entry of `list` with this id in this locale, if any. Indexed once per list (content
 *  is never changed in place): every page looks its content up, and a scan per page made the
 *  build grow with pages × catalogue. */
export function lookup<T extends { id: string; locale: string }>(list: readonly T[], id: string, locale: string): T | undefined {
  let index = indexes.get(list) as Map<string, T> | undefined
  if (!index) {
    index = new Map()
    for (const entry of list) {
      const key = `${entry.id}\0${entry.locale}`
      if (!index.has(key)) index.set(key, entry)
    }
    indexes.set(list, index)
  }
  return index.get(`${id}\0${locale}`)
}
const indexes = new WeakMap<object, Map<string, unknown>>()

/** The first entry matching, or a build error that names the file a translator must create. */
export function find<T extends { id: string; locale: LocaleCode }>(list: T[], id: string, locale: LocaleCode, expectedFile: string): T {
  const hit = lookup(list, id, locale)
  if (!hit) throw new MissingContentError(`${expectedFile}: missing (needed for the ${locale} page "${id}")`)
  return hit
}

export const localeInfo = (code: LocaleCode) => locales.find((l) => l.code === code)!

function mergeUi(code: LocaleCode): Record<string, string> {
  const merged: Record<string, string> = {}
  const origin: Record<string, string> = {}
  for (const file of ui.filter((u) => u.locale === code)) {
    for (const [key, text] of Object.entries(file.strings)) {
      if (origin[key]) throw new MissingContentError(`${file.file}: key "${key}" is already defined in ${origin[key]}`)
      merged[key] = text
      origin[key] = file.file
    }
  }
  return merged
}
const merged = new Map(routeTable.locales.map((code) => [code, mergeUi(code)]))

export function dictionaries(locale: LocaleCode) {
  return { locale, primary: merged.get(locale)!, fallback: merged.get(routeTable.defaultLocale)! }
}

/**
 * t() for server code (+data hooks, head tags): the locale's UI strings over English; in
 * `npm run dev`, a text taken from English is marked (lib/i18n/missing-marks.ts).
 */
export function translator(locale: LocaleCode, vars?: Vars): Translate {
  const { primary, fallback } = dictionaries(locale)
  return markingFallbacks(createTranslator(primary, fallback, vars, locale, routeTable.defaultLocale), primary)
}
