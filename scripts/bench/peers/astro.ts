// Peer benchmark: the same pages built by Astro, from this site's own built text, so that
// `npm run bench` reports our build cost next to a well-known static site generator measured in
// the same run on the same machine. Astro is installed on demand into a cache folder outside the
// repository (its platform binaries cannot all be pinned in our lock file), once per machine.
//
// Each of our built pages becomes one Markdown entry of an Astro content collection: its text and
// tables, and in its front matter its own links; the navigation and footer of each language are
// one data file (scripts/bench/peers/peer-page.ts). One layout of
// comparable weight renders them: head links, header navigation with its menus, language
// switcher, footer, and one stylesheet made of ours, which Vite bundles. Markdown parsing, a
// layout per page and one HTML file per URL: the work our build does per page.
//
// Cold means cold: buildWithAstro deletes every Astro cache first (scripts/bench/peers/peer-caches.ts);
// rebuildWithAstro keeps them, and the report says which is which.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ASTRO_CONFIG, deleteAstroCaches, unlistedAstroCaches } from './peer-caches'
import { ourStylesheets, type PeerBuild, siteWeight, timed, writePagesAsMarkdown } from './shared'

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
import '../styles/site.css'
import chrome from '../data/chrome.json'
const { title, description, lang, dir, canonical, alternates, languages } = Astro.props
const { icon, nav, actions, footer, legal, copyright } = chrome[lang]
const current = languages.find((l) => l.lang === lang)
---
<html lang={lang} dir={dir}>
  <head>
    <meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{title}</title><meta name="description" content={description} />
    <link rel="icon" href={icon} type="image/svg+xml" /><link rel="canonical" href={canonical} />
    {alternates.map((a) => <link rel="alternate" hreflang={a.lang} href={a.href} />)}
    <meta property="og:title" content={title} /><meta property="og:description" content={description} /><meta property="og:url" content={canonical} />
  </head>
  <body>
    <a class="skip-link" href="#main">Skip to main content</a>
    <header class="site-header"><div class="container header-bar">
      <img class="brand-logo" src={icon} width="36" height="36" alt="" />
      <nav id="site-nav" class="site-nav" aria-label="Main navigation"><ul class="nav-list">
        {nav.map((item, i) => (
          <li class={item.children.length ? 'has-dropdown' : undefined}>
            <a href={item.href}>{item.text}</a>
            {item.children.length > 0 && (
              <ul class="dropdown" id={'menu-' + i}>{item.children.map((c) => <li><a href={c.href}>{c.text}</a></li>)}</ul>
            )}
          </li>
        ))}
      </ul></nav>
      <div class="header-actions">
        <div class="lang-switcher">
          <button type="button" class="lang-button" popovertarget="lang-menu"><span>{current?.text}</span></button>
          <nav id="lang-menu" class="lang-menu" popover="auto"><ul>
            {languages.map((l) => <li><a href={l.href} hreflang={l.lang} lang={l.lang} aria-current={l.lang === lang ? 'true' : undefined}>{l.text}</a></li>)}
          </ul></nav>
        </div>
        {actions.map((a) => <a class="header-action" href={a.href}>{a.text}</a>)}
      </div>
    </div></header>
    <main id="main"><div class="container prose"><slot /></div></main>
    <footer class="site-footer">
      <div class="container footer-grid">
        {footer.map((group) => (
          <section><h2 class="footer-heading">{group.heading}</h2>
            <ul>{group.links.map((l) => <li><a href={l.href}>{l.text}</a></li>)}{group.items.map((item) => <li><bdi>{item}</bdi></li>)}</ul>
          </section>
        ))}
      </div>
      <div class="container footer-legal"><p>{copyright}</p><ul>{legal.map((l) => <li><a href={l.href}>{l.text}</a></li>)}</ul></div>
    </footer>
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
// The front matter is validated as our build validates its content: every field typed.
const CONTENT_CONFIG = `import { defineCollection, z } from 'astro:content'
import { glob } from 'astro/loaders'
const link = z.object({ href: z.string(), text: z.string() })
export const collections = {
  pages: defineCollection({
    loader: glob({ pattern: '**/*.md', base: './src/data/pages', generateId: ({ entry }) => entry.replace(/\\/?index\\.md$|\\.md$/, '') || 'index' }),
    schema: z.object({
      title: z.string(),
      description: z.string(),
      lang: z.string(),
      dir: z.enum(['ltr', 'rtl']),
      canonical: z.string(),
      alternates: z.array(z.object({ lang: z.string(), href: z.string() })),
      languages: z.array(link.extend({ lang: z.string() })),
    }),
  }),
}
`
const WRITTEN = ['package.json', 'astro.config.mjs', 'src', 'node_modules', '.bench-out.log']

const ASTRO_BUILD = 'ASTRO_TELEMETRY_DISABLED=1 node_modules/.bin/astro build --silent'

/** Astro's build of `work` as it is; a cold one deletes every Astro cache first. */
async function astroBuild(work: string, pages: number, kind: PeerBuild['kind']): Promise<PeerBuild> {
  if (kind === 'cold') deleteAstroCaches(work)
  const run = await timed(ASTRO_BUILD, work)
  const unlisted = unlistedAstroCaches(work, WRITTEN)
  return {
    name: 'Astro',
    version: ASTRO_VERSION,
    pages,
    kind,
    ...run,
    ...(run.ok ? { weight: siteWeight(join(work, 'dist')) } : {}),
    ...(unlisted.length ? { notes: [`left outside the caches a cold build deletes: ${unlisted.join(', ')}`] } : {}),
  }
}

/** Writes an Astro project for the pages of `htmlFiles` (paths under `dist`) and builds it cold. */
export async function buildWithAstro(dist: string, htmlFiles: string[], work: string): Promise<PeerBuild> {
  installAstro()
  rmSync(work, { recursive: true, force: true })
  for (const dir of ['src/pages', 'src/layouts', 'src/styles']) mkdirSync(join(work, dir), { recursive: true })
  symlinkSync(join(DEPS, 'node_modules'), join(work, 'node_modules'), 'dir')
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'bench-astro-site', private: true, type: 'module' }))
  writeFileSync(join(work, 'astro.config.mjs'), ASTRO_CONFIG)
  writeFileSync(join(work, 'src/content.config.ts'), CONTENT_CONFIG)
  writeFileSync(join(work, 'src/layouts/Page.astro'), LAYOUT)
  writeFileSync(join(work, 'src/pages/[...slug].astro'), ROUTE)
  writeFileSync(join(work, 'src/styles/site.css'), ourStylesheets(dist, htmlFiles))
  const { pages, chrome } = writePagesAsMarkdown(dist, htmlFiles, (path) => join(work, 'src/data/pages', path.replace(/\.html$/, '.md')))
  writeFileSync(join(work, 'src/data/chrome.json'), JSON.stringify(chrome))
  return astroBuild(work, pages, 'cold')
}

/** Astro's second build of the project buildWithAstro wrote, unchanged, its caches kept: its content layer is warm. */
export function rebuildWithAstro(work: string, pages: number): Promise<PeerBuild> {
  return astroBuild(work, pages, 'rebuild')
}
