// Collects the translatable units of every locale from the files named in content/audit.yml.
// A unit is one text a translator writes: a UI key, a text field of a page/product/country
// file, an MDX frontmatter field or an MDX body. Its id is the same in every locale.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { filesUnder } from '../build/files-under'
import type { AuditConfig, Source } from './config'
import type { LeafCache } from './leaf-cache'
import { mdxLeaves } from './mdx-leaves'
import { PROBLEMS, type Problem } from './problem'
import type { AuditRoutes } from './routes'
import { yamlLeaves, type ParsedYaml } from './yaml-leaves'

export type ContentFile = {
  source: Source
  /** Path under content/, POSIX separators: "pages/home/tr.yml". */
  rel: string
  /** Path shown in messages, relative to the working directory: "content/pages/home/tr.yml". */
  file: string
  locale: string
  /** The same file in another locale ("pages/home/{locale}.yml" filled in). */
  inLocale: (locale: string) => string
  /** The unit id prefix of its texts: "pages/home", "ui" (UI keys are unique per locale). */
  prefix: string
  parsed: ParsedYaml
  /** The file's lines as written, for the comments next to a key (lib/audit/qa/directives.ts). */
  lines: string[]
}

export type Unit = {
  /** Stable across locales and used by the lock files: "ui:nav.label", "pages/home:blocks.2.heading". */
  id: string
  key: string
  text: string | null
  line: number
  structural: boolean
  /** Route key in content/routes.yml the text belongs to; none for site-wide UI text. */
  route?: string
  /** The route a link text points at ("downloads" for a label with to: downloads#docs). */
  link?: string
  /** UI texts are needed wherever their page exists, even as a placeholder (menus, notices). */
  ui: boolean
  at: ContentFile
}

export type LocaleContent = { files: Map<string, ContentFile>; units: Map<string, Unit> }

type Matcher = { source: Source; regex: RegExp; names: string[] }

function matcher(source: Source): Matcher {
  const names: string[] = []
  const body = source.files
    .split(/(\{[a-zA-Z]+\})/)
    .map((part) => {
      const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1]
      if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      names.push(name)
      return '([^/]+)'
    })
    .join('')
  return { source, regex: new RegExp(`^${body}$`), names }
}

const fill = (pattern: string, values: Record<string, string>) => pattern.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) => values[name] ?? `{${name}}`)

/** "pages/{id}/{locale}.yml" + id=home → "pages/home"; "ui/..." → "ui" (UI keys are unique per locale). */
function unitPrefix(source: Source, values: Record<string, string>): string {
  if (source.format === 'ui') return 'ui'
  const segments = source.files.split('/').filter((segment) => !/^\{locale\}(\.\w+)?$/.test(segment))
  return fill(segments.join('/'), values).replace(/\.(ya?ml|mdx?)$/, '')
}

/** The longest route key a UI key starts with: "product.pork.name" → "product/pork", "contact.heading" → "contact". */
function uiRoute(key: string, routes: AuditRoutes): string | undefined {
  const parts = key.split('.')
  for (let n = parts.length - 1; n >= 1; n--) {
    const candidate = parts.slice(0, n).join('/')
    if (routes.routes.has(candidate)) return candidate
  }
  return undefined
}

function parse(kind: 'yaml' | 'mdx', text: string, linkField: string | undefined, cache: LeafCache | undefined): ParsedYaml {
  const read = () => (kind === 'mdx' ? mdxLeaves(text, linkField) : yamlLeaves(text, { linkField }))
  return cache ? cache.parsed(kind, text, linkField, read) : read()
}

export function collectContent(
  contentDir: string,
  config: AuditConfig,
  routes: AuditRoutes,
  cwd = process.cwd(),
  cache?: LeafCache,
): { byLocale: Map<string, LocaleContent>; problems: Problem[] } {
  const matchers = config.sources.map(matcher)
  const structural = new Set(config.structural)
  const ignored = new Set(config.ignored)
  const byLocale = new Map<string, LocaleContent>()
  const problems: Problem[] = []
  const files = filesUnder(contentDir).map((f) => relative(contentDir, f).split('\\').join('/'))

  for (const rel of files) {
    const hit = matchers.map((m) => ({ m, match: m.regex.exec(rel) })).find((x) => x.match)
    if (!hit) continue
    const values = Object.fromEntries(hit.m.names.map((name, i) => [name, hit.match![i + 1]!]))
    const locale = values.locale!
    if (!routes.locales.includes(locale)) continue
    const source = hit.m.source
    const text = readFileSync(join(contentDir, rel), 'utf8')
    const prefix = unitPrefix(source, values)
    const at: ContentFile = {
      source,
      prefix,
      rel,
      file: relative(cwd, join(contentDir, rel)).split('\\').join('/'),
      locale,
      inLocale: (other) =>
        relative(cwd, join(contentDir, fill(source.files, { ...values, locale: other })))
          .split('\\')
          .join('/'),
      parsed: parse(rel.endsWith('.mdx') || rel.endsWith('.md') ? 'mdx' : 'yaml', text, config.linkField, cache),
      lines: text.split(/\r?\n/),
    }
    const content = byLocale.get(locale) ?? { files: new Map(), units: new Map() }
    byLocale.set(locale, content)
    content.files.set(at.file, at)
    if (at.parsed.error) {
      problems.push({
        severity: 'error',
        kind: PROBLEMS.syntax,
        locale,
        file: at.file,
        line: at.parsed.error.line,
        key: '',
        message: `cannot be read: ${at.parsed.error.message}`,
      })
      continue
    }
    const route = source.route ? fill(source.route, values) : undefined
    for (const leaf of at.parsed.leaves) {
      const { key, field } = leaf
      if (ignored.has(field)) continue
      const id = `${prefix}:${key}`
      const previous = content.units.get(id)
      if (previous) {
        problems.push({
          severity: 'warning',
          kind: PROBLEMS.duplicate,
          locale,
          file: at.file,
          line: leaf.line,
          key,
          message: `already defined in ${previous.at.file}:${previous.line}; a key may be defined once per locale, delete one`,
        })
        continue
      }
      const ui = source.format === 'ui'
      const link = leaf.link?.split('#')[0]
      content.units.set(id, {
        id,
        key,
        text: leaf.value,
        line: leaf.line,
        structural: !ui && structural.has(field),
        route: ui ? uiRoute(key, routes) : route,
        ...(link ? { link } : {}),
        ui,
        at,
      })
    }
  }
  return { byLocale, problems }
}
