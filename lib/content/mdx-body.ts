// The MDX body of guides and glossary terms, compiled to a function body that pages run on the
// server. Content is data, not code: only the components <Spec>, <Fact> and <Link> and Markdown
// are allowed. Raw HTML, <script>, <iframe>, event handlers, javascript: URLs, {expressions} and
// import/export are rejected with the file and line; link targets are collected for the
// cross-file check (lib/content/checks.ts). Replaces velite's s.mdx() so that compile errors keep
// their line, and without its minifier (the code never ships to the browser).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { compile } from '@mdx-js/mdx'
import remarkGfm from 'remark-gfm'
import { s } from 'velite'
import { displayPath, loaded, type LoadedFile } from './loaders'
import { mdxErrorProblem, type MdxError } from './mdx-error'

/**
 * Compiled MDX survives between builds in .generated/mdx/ (gitignored): compiling is most of
 * velite's time per guide. An entry is keyed by the file's path, body and first body line,
 * this file's own source (the content rules) and the versions of @mdx-js/mdx, remark-gfm and velite, and holds what a compile gives: the code, and the links and component
 * uses the rules collected; the table of contents (velite's s.toc(), a second Markdown parse of
 * every file) is kept the same way. The path is the one inside the content folder
 * ("content/guides/de/…"), so a temporary copy of content/ (the dev-server test) shares the entries of the files it did not change. Only clean compiles are stored:
 * a file with a problem is compiled (and reported) every time. MDX_CACHE=0 turns the cache off.
 */
const MDX_CACHE = process.env.MDX_CACHE === '0' ? undefined : resolve('.generated/mdx')
type CachedCompile = { code: string; links: LoadedFile['links']; uses: LoadedFile['uses'] }
type CachedToc = { toc: unknown }
let cacheVersion: string | undefined
function cacheKey(path: string, value: string, bodyLine: number): string | undefined {
  if (!MDX_CACHE) return undefined
  if (cacheVersion === undefined) {
    const rules = resolve('lib/content/mdx-body.ts')
    if (!existsSync(rules)) return undefined // not run from the project root: no cache
    const manifests = ['@mdx-js/mdx', 'remark-gfm', 'velite'].map((pkg) => resolve('node_modules', pkg, 'package.json'))
    if (!manifests.every(existsSync)) return undefined
    const version = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
    cacheVersion = [readFileSync(rules, 'utf8'), ...manifests.map(version)].join('\0')
  }
  return createHash('sha256').update(cacheVersion).update(`\0${path}\0${bodyLine}\0`).update(value).digest('hex').slice(0, 32)
}
function readCached<T = CachedCompile>(key: string | undefined): T | undefined {
  if (!key || !MDX_CACHE) return undefined
  try {
    return JSON.parse(readFileSync(join(MDX_CACHE, `${key}.json`), 'utf8')) as T
  } catch {
    return undefined
  }
}
function writeCached(key: string | undefined, entry: CachedCompile | CachedToc) {
  if (!key || !MDX_CACHE) return
  mkdirSync(MDX_CACHE, { recursive: true })
  const file = join(MDX_CACHE, `${key}.json`)
  writeFileSync(`${file}.tmp`, JSON.stringify(entry))
  renameSync(`${file}.tmp`, file) // never a half-written entry
}

/** The components MDX may use, with the attributes each accepts. */
export const MDX_COMPONENTS: Record<string, string[]> = { Spec: ['product', 'field'], Fact: ['name'], Link: ['to'] }

type Node = {
  type: string
  name?: string | null
  value?: string
  url?: string
  alt?: string | null
  attributes?: { type: string; name?: string; value?: unknown }[]
  children?: Node[]
  position?: { start: { line: number; column: number } }
}

const isScriptUrl = (url: string) => /^\s*(javascript|vbscript|data):/i.test(url.replace(/[\u0000-\u001f]/g, ''))
const isCommentOnly = (code = '') => /^\s*\/\*[\s\S]*\*\/\s*$/.test(code)

/** remark plugin: records problems, component uses and link targets on the LoadedFile. */
export function remarkContentRules(entry: LoadedFile) {
  return () => (tree: Node) => {
    const problem = (node: Node, message: string) =>
      entry.problems.push({
        file: entry.file,
        line: node.position ? node.position.start.line + entry.bodyLine - 1 : undefined,
        column: node.position?.start.column,
        message,
      })
    const line = (node: Node) => (node.position ? node.position.start.line + entry.bodyLine - 1 : undefined)
    const walk = (node: Node) => {
      switch (node.type) {
        case 'mdxjsEsm':
          problem(node, 'import/export is not allowed in content: use the components <Spec>, <Fact> and <Link>')
          break
        case 'mdxFlowExpression':
        case 'mdxTextExpression':
          if (!isCommentOnly(node.value))
            problem(node, `{${node.value}} is code in MDX, not text: for a fact write <Fact name="…" />; never type { or } in prose`)
          break
        case 'mdxJsxFlowElement':
        case 'mdxJsxTextElement':
          jsx(node)
          break
        case 'link':
        case 'definition':
          if (isScriptUrl(node.url ?? '')) problem(node, `${node.url!.split(':')[0]}: URLs are not allowed in content`)
          else if (node.url) entry.links.push({ target: node.url, line: line(node) })
          break
        case 'image':
        case 'imageReference':
          if (!node.alt?.trim()) problem(node, 'image without alt text: write ![what the image shows](…)')
          if (isScriptUrl(node.url ?? '')) problem(node, 'script URLs are not allowed in content')
          break
      }
      node.children?.forEach(walk)
    }
    const jsx = (node: Node) => {
      const name = node.name ?? ''
      const allowed = MDX_COMPONENTS[name]
      if (!allowed) {
        if (/^(script|iframe|object|embed|style)$/i.test(name)) problem(node, `<${name}> is not allowed in content (no scripts, frames or embeds)`)
        else if (/^[a-z]/.test(name) || !name) problem(node, `raw HTML <${name}> is not allowed in MDX: use Markdown, or the components <Spec>, <Fact>, <Link>`)
        else problem(node, `<${name}> is not a known component: use <Spec>, <Fact> or <Link>`)
      }
      for (const attr of node.attributes ?? []) {
        if (attr.type !== 'mdxJsxAttribute') {
          problem(node, `<${name}>: {…} attributes are not allowed; write name="value"`)
          continue
        }
        const value = attr.value
        if (/^on/i.test(attr.name ?? '')) problem(node, `<${name}>: event handler ${attr.name} is not allowed in content`)
        else if (typeof value === 'string' && isScriptUrl(value)) problem(node, `<${name} ${attr.name}>: script URLs are not allowed in content`)
        else if (allowed && !allowed.includes(attr.name ?? '')) problem(node, `<${name}> has no attribute "${attr.name}" (it takes ${allowed.join(', ')})`)
        else if (allowed && typeof value !== 'string') problem(node, `<${name} ${attr.name}>: write the value in quotes, like ${attr.name}="…"`)
        else if (name === 'Link' && attr.name === 'to') entry.links.push({ target: value as string, line: line(node) })
        else if (name === 'Spec' || name === 'Fact') entry.uses.push({ component: name, attribute: attr.name!, value: value as string, line: line(node) })
      }
      if (allowed)
        for (const required of allowed) if (!(node.attributes ?? []).some((a) => a.name === required)) problem(node, `<${name}> needs ${required}="…"`)
    }
    walk(tree)
  }
}

export const mdxBody = () =>
  s
    .custom<string | undefined>((i) => i === undefined || typeof i === 'string')
    .transform(async (_value, { meta, addIssue }) => {
      const entry = loaded.get(meta.path)
      const value = meta.content ?? ''
      if (!entry) throw new Error(`${meta.path}: not read by lib/content/loaders.ts`)
      if (!value.trim()) {
        addIssue({ code: 'custom', message: 'the text (after the front matter) is empty' })
        return ''
      }
      const key = cacheKey(entry.file, value, entry.bodyLine)
      const cached = readCached(key)
      if (cached) {
        entry.links.push(...cached.links)
        entry.uses.push(...cached.uses)
        return cached.code
      }
      const before = { problems: entry.problems.length, links: entry.links.length, uses: entry.uses.length }
      try {
        const code = String(await compile({ value, path: meta.path }, { outputFormat: 'function-body', remarkPlugins: [remarkGfm, remarkContentRules(entry)] }))
        if (entry.problems.length === before.problems) writeCached(key, { code, links: entry.links.slice(before.links), uses: entry.uses.slice(before.uses) })
        return code
      } catch (error) {
        entry.problems.push(mdxErrorProblem(error as MdxError, entry.file, value, entry.bodyLine))
        return ''
      }
    })

/** velite's s.toc() (the headings as a nested list), from the cache when the file is unchanged. */
export const cachedToc = () =>
  s
    .custom<string | undefined>((i) => i === undefined || typeof i === 'string')
    .transform(async (value, { meta, addIssue }) => {
      const key = cacheKey(`toc\0${displayPath(meta.path)}`, value ?? meta.content ?? '', 0)
      const cached = readCached<CachedToc>(key)
      if (cached) return cached.toc as TocEntry[]
      const result = await s.toc().safeParseAsync(value, { meta } as never)
      if (!result.success) {
        for (const issue of result.error.issues) addIssue({ code: 'custom', message: issue.message })
        return [] as TocEntry[]
      }
      writeCached(key, { toc: result.data })
      return result.data as TocEntry[]
    })
type TocEntry = { title: string; url: string; items: TocEntry[] }
