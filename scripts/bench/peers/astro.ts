// Peer benchmark: the same pages built by Astro, from this site's own built text, so that
// `npm run bench` reports our build cost next to a well-known static site generator measured in
// the same run on the same machine. Astro is installed on demand into a cache folder outside the
// repository (its platform binaries cannot all be pinned in our lock file), once per machine.
//
// Each of our built pages becomes one Markdown entry (title, description, headings, paragraphs
// and list items of its <main>, in its language and direction) of an Astro content collection,
// rendered through one layout with a header and footer: Markdown parsing, a layout per page and
// one HTML file per URL, the work our build does per page.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type PeerBuild, timed, writePagesAsMarkdown } from './shared'

// Astro 5 is the newest line that runs on Node 20 (Astro 6+ needs Node 22).
export const ASTRO_VERSION = '5.18.2'
const DEPS = join(tmpdir(), `bench-astro-${ASTRO_VERSION}`)

function installAstro(): void {
  if (existsSync(join(DEPS, 'node_modules/astro/package.json'))) return
  mkdirSync(DEPS, { recursive: true })
  writeFileSync(join(DEPS, 'package.json'), JSON.stringify({ name: 'bench-astro-deps', private: true, type: 'module' }))
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--save-exact', `astro@${ASTRO_VERSION}`], { cwd: DEPS, encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`bench: could not install astro@${ASTRO_VERSION}: ${r.stderr.slice(-400)}`)
}

const LAYOUT = `---
const { title, description, lang, dir } = Astro.props
---
<html lang={lang} dir={dir}>
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>{title}</title><meta name="description" content={description} /></head>
  <body>
    <header><a href="/">Elastinet</a><nav><ul><li><a href="/en/elastic-meat-netting/">Products</a></li><li><a href="/en/guide/meat-netting/">Guides</a></li><li><a href="/en/about/">About</a></li><li><a href="/en/contact/">Contact</a></li></ul></nav></header>
    <main><slot /></main>
    <footer><p>Elastic meat netting made in Turkey.</p></footer>
  </body>
</html>
`
const ROUTE = `---
import { getCollection, render } from 'astro:content'
import Layout from '../layouts/Page.astro'
export async function getStaticPaths() {
  const pages = await getCollection('pages')
  return pages.map((page) => ({ params: { slug: page.id === 'index' ? undefined : page.id }, props: { page } }))
}
const { page } = Astro.props
const { Content } = await render(page)
---
<Layout {...page.data}><Content /></Layout>
`
const CONTENT_CONFIG = `import { defineCollection, z } from 'astro:content'
import { glob } from 'astro/loaders'
export const collections = {
  pages: defineCollection({
    loader: glob({ pattern: '**/*.md', base: './src/data/pages', generateId: ({ entry }) => entry.replace(/\\/?index\\.md$|\\.md$/, '') || 'index' }),
    schema: z.object({ title: z.string(), description: z.string(), lang: z.string(), dir: z.enum(['ltr', 'rtl']) }),
  }),
}
`

/** Writes an Astro project for the pages of `htmlFiles` (paths under `dist`) and builds it. */
export function buildWithAstro(dist: string, htmlFiles: string[], work: string): PeerBuild {
  installAstro()
  rmSync(work, { recursive: true, force: true })
  mkdirSync(join(work, 'src/pages'), { recursive: true })
  mkdirSync(join(work, 'src/layouts'), { recursive: true })
  symlinkSync(join(DEPS, 'node_modules'), join(work, 'node_modules'), 'dir')
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'bench-astro-site', private: true, type: 'module' }))
  writeFileSync(
    join(work, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config'\nexport default defineConfig({ trailingSlash: 'always', build: { format: 'directory' } })\n`,
  )
  writeFileSync(join(work, 'src/content.config.ts'), CONTENT_CONFIG)
  writeFileSync(join(work, 'src/layouts/Page.astro'), LAYOUT)
  writeFileSync(join(work, 'src/pages/[...slug].astro'), ROUTE)
  const pages = writePagesAsMarkdown(dist, htmlFiles, (path) => join(work, 'src/data/pages', path.replace(/\.html$/, '.md')))
  const run = timed(ASTRO_BUILD, work)
  return { name: 'Astro', version: ASTRO_VERSION, pages, ...run }
}

const ASTRO_BUILD = 'ASTRO_TELEMETRY_DISABLED=1 node_modules/.bin/astro build --silent'

/** Astro's second build of the project buildWithAstro wrote, unchanged: its content layer cache (node_modules/.astro) is warm. */
export function rebuildWithAstro(work: string, pages: number): PeerBuild {
  return { name: 'Astro', version: ASTRO_VERSION, pages, ...timed(ASTRO_BUILD, work) }
}
