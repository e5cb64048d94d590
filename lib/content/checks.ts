// Cross-file content checks, run by velite's prepare hook after every file is loaded and
// validated and before anything is written or rendered (velite.config.ts). Each problem names
// the file and a line or field (lib/content/problems.ts). Cheap by design: no parsing here,
// only walks over data velite already holds.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { factVars } from '../facts/format'
import { placeholdersOf } from '../i18n/translate'
import { buildRouteTable, type LocaleCode, type RouteTable } from '../routing/table'
import { RUNTIME_PLACEHOLDERS } from './runtime-placeholders'
import { displayPath, loaded, type LoadedFile } from './loaders'
import { byPlace, fieldName, sourcePath, type Problem } from './problems'

type Item = { file: string; locale: LocaleCode; id: string }
type Collections = {
  locales: { code: LocaleCode }[]
  routes: Parameters<typeof buildRouteTable>[0]
  facts: Parameters<typeof factVars>[0]
  ui: { file: string; locale: LocaleCode; strings: Record<string, string> }[]
  pages: (Item & Record<string, unknown>)[]
  countries: (Item & Record<string, unknown>)[]
  products: (Item & Record<string, unknown>)[]
  guides: (Item & Record<string, unknown>)[]
  glossary: (Item & Record<string, unknown>)[]
}

/** Where each collection's items live in the route table: content/products/pork → "product/pork". */
const ROUTE_OF: Record<string, (id: string) => string> = {
  pages: (id) => id,
  products: (id) => `product/${id}`,
  countries: (id) => `country/${id}`,
  guides: (id) => `guide/${id}`,
  glossary: (id) => `glossary-term/${id}`,
}

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(yml|mdx)$/

/** Files velite reads or other tools read (the audit's lock files and settings). */
const KNOWN = [
  /^(locales|routes|facts|audit)\.yml$/,
  // the localization report's history of releases (lib/audit/history.ts)
  /^audit-history\.yml$/,
  /^ui\/[^/]+\.yml$/,
  /^ui\/[^/]+\/[^/]+\.yml$/,
  /^(products|pages|countries)\/[^/]+\/[^/]+\.yml$/,
  /^(guides|glossary)\/[^/]+\/[^/]+\.mdx$/,
  /^i18n-lock\/.+\.yml$/,
  // the term base and the per-locale style rules, read by the audit's QA checks
  /^terms\/[^/]+\.yml$/,
  /^style\/[^/]+\.yml$/,
]
/** Folders with rules of their own: compliance PDFs (scripts/documents/compliance-files.ts checks them). */
const OWN_RULES = new Set(['documents'])

/** Every file under content/: names lowercase a-z, 0-9 and hyphens, and in a place the build reads. */
export function checkFileNames(root: string): Problem[] {
  const problems: Problem[] = []
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('_') || entry.name.startsWith('.')) continue // drafts: ignored by velite
      const path = rel ? `${rel}/${entry.name}` : entry.name
      const file = `content/${path}`
      if (entry.isDirectory()) {
        if (!rel && OWN_RULES.has(entry.name)) continue
        if (!NAME.test(entry.name))
          problems.push({
            file,
            message: `folder name "${entry.name}": use lowercase a-z, 0-9 and single hyphens (no spaces, capitals or accents); it becomes part of an id`,
          })
        else walk(join(dir, entry.name), path)
      } else if (!FILE_NAME.test(entry.name)) {
        problems.push({
          file,
          message: `file name "${entry.name}": use lowercase a-z, 0-9 and single hyphens, ending in .yml or .mdx (no spaces, capitals or accents)`,
        })
      } else if (!KNOWN.some((re) => re.test(path))) {
        problems.push({ file, message: 'the build does not read a file here: see docs/CONTENT-FORMAT.md for where each kind of content lives' })
      }
    }
  }
  walk(root, '')
  return problems
}

/** Problems found while loading and validating: syntax, schema (with the field's line), MDX. */
export function fileProblems(root: string): Problem[] {
  const problems: Problem[] = []
  for (const [path, entry] of loaded) {
    if (!path.startsWith(root) || !existsSync(path)) continue // deleted since (`npm run dev` builds again in one process)
    problems.push(...entry.problems)
    if (entry.problems.some((p) => p.message.startsWith('YAML:'))) continue // schema noise of an unparsed file
    for (const m of entry.vfile.messages) {
      const path = sourcePath(m.source ?? '')
      problems.push({ file: entry.file, line: entry.lines.lineOf(path), field: fieldName(path) || undefined, message: m.reason })
    }
  }
  return problems
}

/** "product/pork" from a link target, or undefined for external links and same-page anchors. */
const internalKey = (target: string) => (/^(https?:|mailto:|tel:|#)/.test(target) ? undefined : target.split('#')[0])

function linkProblem(table: RouteTable, target: string, locale: LocaleCode): string | undefined {
  const key = internalKey(target)
  if (key === undefined) return undefined
  if (key.startsWith('/') || key.includes('.'))
    return `link "${target}": write a logical page like "quote" or "product/pork", not a URL or file (see docs/CONTENT-FORMAT.md)`
  const route = table.routes.get(key)
  if (!route) return `link target "${target}" does not exist: there is no page "${key}" in content/routes.yml`
  if (!route.paths[locale])
    return `link target "${target}" exists but has no ${locale} page (content/routes.yml lists it for ${Object.keys(route.paths).join(', ')}): link another page`
  return undefined
}

/** Calls visit(text, path) for every string in a parsed value. */
function strings(value: unknown, visit: (text: string, path: (string | number)[]) => void, path: (string | number)[] = []) {
  if (typeof value === 'string') visit(value, path)
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) strings(v, visit, [...path, i])
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, visit, [...path, k])
}

const CONTENT_FIELDS_SKIP = new Set(['file', 'locale', 'id', 'code', 'toc', 'words'])

export function crossFileProblems(c: Collections): Problem[] {
  const problems: Problem[] = []
  const files = new Map([...loaded.values()].map((e) => [e.file, e]))
  const at = (file: string, path: (string | number)[], message: string): Problem => ({
    file,
    line: files.get(file)?.lines.lineOf(path),
    field: fieldName(path),
    message,
  })
  let table: RouteTable
  try {
    table = buildRouteTable(c.routes, c.locales)
  } catch (e) {
    return [{ file: 'content/routes.yml', message: (e as Error).message }]
  }
  const facts = new Set(Object.keys(factVars(c.facts)))
  const english = table.defaultLocale

  // Every content file belongs to a page of the route table, else it is never published.
  for (const [name, items] of Object.entries({ pages: c.pages, products: c.products, countries: c.countries, guides: c.guides, glossary: c.glossary })) {
    for (const item of items) {
      const key = ROUTE_OF[name]!(item.id)
      if (!table.routes.has(key))
        problems.push({
          file: item.file,
          message: `no page "${key}" in content/routes.yml, so this file would never be published: add it there or fix the file name`,
        })
    }
  }

  // A UI key is defined once per language, across content/ui/<locale>.yml and its feature files.
  const origin = new Map<string, string>()
  for (const file of c.ui)
    for (const key of Object.keys(file.strings)) {
      const first = origin.get(`${file.locale}:${key}`)
      if (first) problems.push(at(file.file, [key], `key "${key}" is already defined in ${first}: keep one`))
      else origin.set(`${file.locale}:${key}`, file.file)
    }

  // Actions in page blocks, <Link to> and Markdown links in MDX.
  for (const item of [...c.pages, ...c.countries]) {
    ;(item.blocks as { actions?: { to: string }[] }[]).forEach((block, b) => {
      block.actions?.forEach((action, a) => {
        const message = linkProblem(table, action.to, item.locale)
        if (message) problems.push(at(item.file, ['blocks', b, 'actions', a, 'to'], message))
      })
    })
  }
  for (const item of [...c.guides, ...c.glossary]) {
    const entry = files.get(item.file)
    for (const link of entry?.links ?? []) {
      const message = linkProblem(table, link.target, item.locale)
      if (message) problems.push({ file: item.file, line: link.line, message })
    }
    for (const use of entry?.uses ?? []) {
      const message = problemOfUse(use, c.facts, facts)
      if (message) problems.push({ file: item.file, line: use.line, message })
    }
  }

  // {placeholders}: only fact names (content/facts.yml) and, in UI strings, the names the code
  // passes for that key are substituted; anything else would reach the page as "{name}".
  // When English has it, English introduced it: translators copy placeholders from English.
  const unknown: (Problem & { key: string; name: string; locale: LocaleCode })[] = []
  const check = (item: { file: string; locale: LocaleCode }, key: string, text: string, path: (string | number)[], allowed: (name: string) => boolean) => {
    for (const name of placeholdersOf(text)) if (!allowed(name)) unknown.push({ ...at(item.file, path, ''), key, name, locale: item.locale })
  }
  for (const file of c.ui)
    for (const [key, text] of Object.entries(file.strings)) check(file, key, text, [key], (n) => facts.has(n) || (RUNTIME_PLACEHOLDERS[key] ?? []).includes(n))
  for (const [name, items] of Object.entries({ pages: c.pages, products: c.products, countries: c.countries, guides: c.guides, glossary: c.glossary }))
    for (const item of items)
      strings(item, (text, path) => {
        if (!CONTENT_FIELDS_SKIP.has(String(path[0]))) check(item, `${name}/${item.id}:${fieldName(path)}`, text, path, (n) => facts.has(n))
      })
  for (const u of unknown) {
    const inEnglish = u.locale !== english && unknown.some((e) => e.locale === english && e.key === u.key && e.name === u.name)
    if (inEnglish) continue
    const copies = u.locale === english ? unknown.filter((o) => o.locale !== english && o.key === u.key && o.name === u.name).map((o) => o.locale) : []
    const known = [...facts].sort().join(', ')
    problems.push({
      file: u.file,
      line: u.line,
      field: u.field,
      message:
        `{${u.name}} is not filled in by anything, it would appear on the page as "{${u.name}}". Fact placeholders: ${known}` +
        (u.locale === english ? '' : ' (and the placeholders of the English text)') +
        (copies.length ? `. Copied into ${copies.join(', ')}: fix those too` : ''),
    })
  }
  return problems
}

function problemOfUse(use: LoadedFile['uses'][number], facts: Collections['facts'], names: Set<string>): string | undefined {
  if (use.component === 'Spec' && use.attribute === 'product' && !(use.value in facts.products))
    return `<Spec product="${use.value}">: no such product in content/facts.yml (${Object.keys(facts.products).join(', ')})`
  if (use.component === 'Spec' && use.attribute === 'field' && !['diameter', 'stitches', 'heat', 'rolls'].includes(use.value))
    return `<Spec field="${use.value}">: field is one of diameter, stitches, heat, rolls`
  if (use.component === 'Fact' && !names.has(use.value) && use.value !== 'compliance')
    return `<Fact name="${use.value}">: no such fact (${[...names, 'compliance'].sort().join(', ')})`
  return undefined
}

/** All problems, sorted by file and line; empty when the content is clean. */
export function contentProblems(root: string, collections: Collections | undefined): Problem[] {
  const problems = [...checkFileNames(root), ...fileProblems(root)]
  // Cross-file rules need every file parsed; with broken files they would only add noise.
  if (!problems.length && collections) problems.push(...crossFileProblems(collections))
  return problems.sort(byPlace)
}

export { displayPath }
