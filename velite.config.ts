// Content pipeline: every file under content/ is parsed strictly (lib/content/loaders.ts),
// validated by its schema, checked across files (lib/content/checks.ts) and written as typed
// JSON to .velite/. Any problem stops the build naming file and line or field; in
// `npm run dev` the last good output stays and the problems go to .velite/problems.json, which
// the dev server shows as an error page (docs/ARCHITECTURE.md §4, §5).
import { mkdirSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { defineCollection, defineConfig, type z } from 'velite'
import { contentProblems } from './lib/content/checks'
import { displayPath, loaded, mdxLoader, setContentRoot, yamlLoader } from './lib/content/loaders'
import { cachedToc, mdxBody } from './lib/content/mdx-body'
import { contentOutDir } from './lib/content/output-dir'
import { fieldName, formatProblems } from './lib/content/problems'
import {
  articleFrontmatterSchema,
  countryContentSchema,
  factsSchema,
  glossaryFrontmatterSchema,
  localeCodeSchema,
  localeSchema,
  pageContentSchema,
  productContentSchema,
  productIdSchema,
  routesSchema,
  uiStringsSchema,
} from './lib/content/schemas'

// CONTENT_DIR: another content folder (tests and the dev-server test use a temporary copy).
const root = resolve(process.env.CONTENT_DIR ?? 'content')
setContentRoot(root)
const output = contentOutDir()
const watching = process.env.CONTENT_WATCH === '1' || process.argv.includes('dev') || process.argv.includes('--watch')

type Issue = { addIssue: (issue: { code: 'custom'; message: string; fatal?: boolean }) => void }
/** The locale a file name or folder names; an issue (not a crash) when it is not one of ours. */
function localeOf(name: string, what: string, ctx: Issue) {
  const parsed = localeCodeSchema.safeParse(name)
  if (!parsed.success) ctx.addIssue({ code: 'custom', fatal: true, message: `${what} "${name}" is not a locale code (${localeCodeSchema.options.join(', ')})` })
  return parsed.data ?? 'en'
}
/** "content/products/pork/de.yml" → { locale: "de", id: "pork" }; the file name is the locale. */
const fromLocaleFile = (path: string, ctx: Issue) => ({ locale: localeOf(basename(path).replace(/\.\w+$/, ''), 'file name', ctx), id: basename(dirname(path)) })
/** "content/guides/tr/meat-netting.mdx" → { locale: "tr", id: "meat-netting" }; the folder is the locale. */
const fromLocaleFolder = (path: string, ctx: Issue) => ({ locale: localeOf(basename(dirname(path)), 'folder', ctx), id: basename(path).replace(/\.\w+$/, '') })
const relative = displayPath

/**
 * A single-file collection whose file is broken would make velite throw "no data resolved"
 * (no file, no field) before prepare runs: record the issues with their lines and hand on an
 * empty value instead; prepare then fails naming them.
 */
function single<T extends z.ZodTypeAny>(schema: T, name: string): z.ZodCatch<T> {
  return schema.catch(({ error }: { error: z.ZodError }) => {
    const entry = loaded.get(join(root, name))
    if (entry?.problems.length) return {} as z.infer<T> // a syntax error: the issues are its echo
    for (const issue of error.issues)
      entry?.problems.push({ file: `content/${name}`, line: entry.lines.lineOf(issue.path), field: fieldName(issue.path) || undefined, message: issue.message })
    return {} as z.infer<T>
  })
}

// locales.yml is a list: velite validates each entry (errors name the file and the index).
const locales = defineCollection({ name: 'Locale', pattern: 'locales.yml', schema: localeSchema })
const routes = defineCollection({ name: 'Routes', pattern: 'routes.yml', single: true, schema: single(routesSchema, 'routes.yml') })
const facts = defineCollection({ name: 'Facts', pattern: 'facts.yml', single: true, schema: single(factsSchema, 'facts.yml') })

// UI strings: content/ui/<locale>.yml (layout, shared) and content/ui/<feature>/<locale>.yml
// (forms, size selector, …). All files of a locale are merged; a key may be defined once.
const ui = defineCollection({
  name: 'UiStrings',
  pattern: ['ui/*.yml', 'ui/*/*.yml'],
  schema: uiStringsSchema.transform((strings, ctx) => ({
    locale: localeOf(basename(ctx.meta.path, '.yml'), 'file name', ctx),
    file: relative(ctx.meta.path),
    strings,
  })),
})

const products = defineCollection({
  name: 'Product',
  pattern: 'products/*/*.yml',
  schema: productContentSchema.transform((data, ctx) => {
    const { id, locale } = fromLocaleFile(ctx.meta.path, ctx)
    const product = productIdSchema.safeParse(id)
    if (!product.success) ctx.addIssue({ code: 'custom', fatal: true, message: `folder "${id}" is not a product id (${productIdSchema.options.join(', ')})` })
    return { ...data, id: product.data ?? 'pork', locale, file: relative(ctx.meta.path) }
  }),
})

const pages = defineCollection({
  name: 'PageContent',
  pattern: 'pages/*/*.yml',
  schema: pageContentSchema.transform((data, ctx) => ({ ...data, ...fromLocaleFile(ctx.meta.path, ctx), file: relative(ctx.meta.path) })),
})

const countries = defineCollection({
  name: 'Country',
  pattern: 'countries/*/*.yml',
  schema: countryContentSchema.transform((data, ctx) => ({ ...data, ...fromLocaleFile(ctx.meta.path, ctx), file: relative(ctx.meta.path) })),
})

const guides = defineCollection({
  name: 'Guide',
  pattern: 'guides/*/*.mdx',
  schema: articleFrontmatterSchema.extend({ code: mdxBody(), toc: cachedToc() }).transform((data, ctx) => ({
    ...data,
    ...fromLocaleFolder(ctx.meta.path, ctx),
    file: relative(ctx.meta.path),
    words: String(ctx.meta.content ?? '')
      .split(/\s+/)
      .filter(Boolean).length,
  })),
})

const glossary = defineCollection({
  name: 'GlossaryTerm',
  pattern: 'glossary/*/*.mdx',
  schema: glossaryFrontmatterSchema
    .extend({ code: mdxBody() })
    .transform((data, ctx) => ({ ...data, ...fromLocaleFolder(ctx.meta.path, ctx), file: relative(ctx.meta.path) })),
})

/**
 * Runs the cross-file checks once every file is loaded and validated. Typed without velite's
 * result type on purpose: checks.ts reads .velite/'s types, which are derived from this file.
 */
function prepare(data: unknown): undefined | false {
  // velite lists files in the order its directory walk meets them, which varies from build to
  // build; sorted by file, the same content gives the same output (and `npm run dev` reloads only
  // what changed).
  for (const list of Object.values(data as Record<string, unknown>)) {
    if (Array.isArray(list)) list.sort((a: { file?: string }, b: { file?: string }) => ((a.file ?? '') < (b.file ?? '') ? -1 : 1))
  }
  const problems = contentProblems(root, data as Parameters<typeof contentProblems>[1])
  mkdirSync(output, { recursive: true })
  writeFileSync(join(output, 'problems.json'), `${JSON.stringify(problems, null, 1)}\n`)
  if (!problems.length) return
  if (!watching) throw new Error(formatProblems(problems))
  console.error(formatProblems(problems))
  return false // keep the last good output: the dev server stays up and shows the problems
}

const config = defineConfig({
  root,
  // velite's strict mode throws before prepare, with field paths but no lines and no file-name,
  // link or placeholder checks; prepare below fails on every problem instead.
  strict: false,
  loaders: [yamlLoader, mdxLoader],
  output: { data: output, assets: resolve('public/static'), base: '/static/', clean: !watching },
  collections: { locales, routes, facts, ui, products, pages, countries, guides, glossary },
  prepare,
})
// `npm run dev` builds again with this same config after a content edit (scripts/dev.ts): velite
// would otherwise bundle and load the config afresh for every build.
;(globalThis as { contentConfig?: typeof config }).contentConfig = config
export default config
