// A throwaway copy of the repository for the benchmark: the working tree (without build output,
// .git or node_modules) in a temp directory with node_modules symlinked, so builds there never
// touch the real dist/ that tests and other people use. `multiply` adds synthetic products and
// guides (copies of the real ones under new ids and slugs) to show how build cost grows.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, relative } from 'node:path'
import { parse, stringify } from 'yaml'
import { filesUnder } from '../../lib/build/files-under'

const SKIP = new Set(['node_modules', 'dist', '.velite', '.generated', '.turbo', '.git', 'reports', '.data', 'public/static', 'tests'])

/** withTests: keep tests/ (the `npm test` timing needs them; builds do not). */
export function copyRepo(from: string, label: string, { withTests = false } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `bench-${label}-`))
  const skip = new Set([...SKIP].filter((name) => !(withTests && name === 'tests')))
  cpSync(from, dir, {
    recursive: true,
    filter: (src) => !skip.has(relative(from, src).replace(/\\/g, '/')),
  })
  symlinkSync(join(from, 'node_modules'), join(dir, 'node_modules'), 'dir')
  return dir
}

export const removeRepo = (dir: string) => rmSync(dir, { recursive: true, force: true })

type Yaml = Record<string, unknown>
const readYaml = (file: string) => parse(readFileSync(file, 'utf8')) as Yaml
const writeYaml = (file: string, data: unknown) => writeFileSync(file, stringify(data, { lineWidth: 0 }))
const copyId = (id: string, n: number) => `${id}-x${n}`

export type Multiplied = { products: number; guides: number }

/**
 * Turns the copy's content into `factor` × the products and guides: for every real item, factor-1
 * synthetic ones with the same text under "<id>-x<n>" ids and "<slug>-x<n>" slugs in every
 * locale, with their routes, UI names and technical facts. The product id list in the schema is
 * an enum, so the copy's schema is widened too.
 */
export function multiply(dir: string, factor: number): Multiplied {
  const routesFile = join(dir, 'content/routes.yml')
  const routes = readYaml(routesFile) as { collections: Record<string, { items: Record<string, Record<string, unknown>> }> }
  const productIds = Object.keys(routes.collections.product!.items)
  const guideIds = Object.keys(routes.collections.guide!.items)
  if (factor <= 1) return { products: productIds.length, guides: guideIds.length }
  const copies = Array.from({ length: factor - 1 }, (_, i) => i + 2)

  // 1. Routes: same locales, every own slug suffixed (null slugs still fall back to English).
  for (const [collection, ids] of [
    ['product', productIds],
    ['guide', guideIds],
  ] as const) {
    const items = routes.collections[collection]!.items
    for (const id of ids) {
      for (const n of copies) {
        const entry = items[id] ?? {}
        items[copyId(id, n)] = Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, typeof v === 'string' ? copyId(v, n) : v]))
      }
    }
  }
  writeYaml(routesFile, routes)

  // 2. Content files.
  for (const id of productIds) {
    for (const n of copies) cpSync(join(dir, 'content/products', id), join(dir, 'content/products', copyId(id, n)), { recursive: true })
  }
  const guidesDir = join(dir, 'content/guides')
  for (const locale of readdirSync(guidesDir)) {
    for (const file of readdirSync(join(guidesDir, locale))) {
      const id = basename(file, '.mdx')
      if (!guideIds.includes(id)) continue
      for (const n of copies) cpSync(join(guidesDir, locale, file), join(guidesDir, locale, `${copyId(id, n)}.mdx`))
    }
  }

  // 3. UI strings named after an item id ("product.beef.name", "guide.meat-netting.name").
  for (const file of filesUnder(join(dir, 'content/ui')).filter((f) => f.endsWith('.yml'))) {
    const strings = readYaml(file) ?? {}
    let changed = false
    for (const [key, value] of Object.entries(strings)) {
      const m = key.match(/^(product|guide)\.([a-z0-9-]+)\.(.+)$/)
      if (!m || !(m[1] === 'product' ? productIds : guideIds).includes(m[2]!)) continue
      for (const n of copies) strings[`${m[1]}.${copyId(m[2]!, n)}.${m[3]}`] = typeof value === 'string' && m[3] === 'name' ? `${value} ${n}` : value
      changed = true
    }
    if (changed) writeYaml(file, strings)
  }

  // 4. Technical facts per product.
  const factsFile = join(dir, 'content/facts.yml')
  const facts = readYaml(factsFile) as { products: Record<string, unknown> }
  for (const id of productIds) for (const n of copies) facts.products[copyId(id, n)] = facts.products[id]
  writeYaml(factsFile, facts)

  // 5. The schema's product id enum.
  const schemaFile = join(dir, 'lib/content/schemas.ts')
  const schema = readFileSync(schemaFile, 'utf8')
  const pattern = /const product = \[([^\]]*)\] as const/
  if (!pattern.test(schema)) throw new Error('bench: the product id list of lib/content/schemas.ts was not found')
  const extra = productIds.flatMap((id) => copies.map((n) => `'${copyId(id, n)}'`)).join(', ')
  writeFileSync(
    schemaFile,
    schema.replace(pattern, (_, list: string) => `const product = [${list}, ${extra}] as const`),
  )
  // The audit's lock files record hashes of real items only: synthetic items show up as "not in
  // the lock file" warnings, which is what a translator would see for new content.
  return { products: productIds.length * factor, guides: guideIds.length * factor }
}
