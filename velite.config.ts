// Content pipeline: every file under content/ is validated by its schema (strict mode: one bad
// file fails the build, naming file and field) and written as typed JSON to .velite/.
import { basename, dirname, sep } from 'node:path'
import remarkGfm from 'remark-gfm'
import { defineCollection, defineConfig, s } from 'velite'
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

/** "content/products/pork/de.yml" → { locale: "de", id: "pork" }; the file name is the locale. */
const fromLocaleFile = (path: string) => ({ locale: localeCodeSchema.parse(basename(path).replace(/\.\w+$/, '')), id: basename(dirname(path)) })
/** "content/guides/tr/meat-netting.mdx" → { locale: "tr", id: "meat-netting" }; the folder is the locale. */
const fromLocaleFolder = (path: string) => ({ locale: localeCodeSchema.parse(basename(dirname(path))), id: basename(path).replace(/\.\w+$/, '') })
const relative = (path: string) => path.slice(path.lastIndexOf(`${sep}content${sep}`) + 1)

// locales.yml is a list: velite validates each entry (errors name the file and the index).
const locales = defineCollection({ name: 'Locale', pattern: 'locales.yml', schema: localeSchema })
const routes = defineCollection({ name: 'Routes', pattern: 'routes.yml', single: true, schema: routesSchema })
const facts = defineCollection({ name: 'Facts', pattern: 'facts.yml', single: true, schema: factsSchema })

// UI strings: content/ui/<locale>.yml (layout, shared) and content/ui/<feature>/<locale>.yml
// (forms, size selector, …). All files of a locale are merged; a key may be defined once.
const ui = defineCollection({
  name: 'UiStrings',
  pattern: ['ui/*.yml', 'ui/*/*.yml'],
  schema: uiStringsSchema.transform((strings, { meta }) => ({
    locale: localeCodeSchema.parse(basename(meta.path, '.yml')),
    file: relative(meta.path),
    strings,
  })),
})

const products = defineCollection({
  name: 'Product',
  pattern: 'products/*/*.yml',
  schema: productContentSchema.transform((data, { meta }) => {
    const { id, locale } = fromLocaleFile(meta.path)
    return { ...data, id: productIdSchema.parse(id), locale, file: relative(meta.path) }
  }),
})

const pages = defineCollection({
  name: 'PageContent',
  pattern: 'pages/*/*.yml',
  schema: pageContentSchema.transform((data, { meta }) => ({ ...data, ...fromLocaleFile(meta.path), file: relative(meta.path) })),
})

const countries = defineCollection({
  name: 'Country',
  pattern: 'countries/*/*.yml',
  schema: countryContentSchema.transform((data, { meta }) => ({ ...data, ...fromLocaleFile(meta.path), file: relative(meta.path) })),
})

const guides = defineCollection({
  name: 'Guide',
  pattern: 'guides/*/*.mdx',
  schema: articleFrontmatterSchema
    .extend({ code: s.mdx(), toc: s.toc() })
    .transform((data, { meta }) => ({ ...data, ...fromLocaleFolder(meta.path), file: relative(meta.path), words: String(meta.content ?? '').split(/\s+/).filter(Boolean).length })),
})

const glossary = defineCollection({
  name: 'GlossaryTerm',
  pattern: 'glossary/*/*.mdx',
  schema: glossaryFrontmatterSchema
    .extend({ code: s.mdx() })
    .transform((data, { meta }) => ({ ...data, ...fromLocaleFolder(meta.path), file: relative(meta.path) })),
})

export default defineConfig({
  root: 'content',
  strict: true,
  output: { data: '.velite', assets: 'public/static', base: '/static/', clean: true },
  mdx: { remarkPlugins: [remarkGfm] },
  collections: { locales, routes, facts, ui, products, pages, countries, guides, glossary },
})
