// Peer benchmark: the same pages built by Hugo, when the machine has it (Debian's `hugo` package;
// the report gives the ratio to Hugo when it is installed). Hugo is a single Go binary, the usual
// yardstick for raw static-site speed. Each of our built pages becomes one Markdown page with
// the same front matter the Astro peer gets (scripts/bench/peers/shared.ts), rendered through
// one layout with a header and footer. Every page is a branch bundle (`<path>/_index.md`), so a
// URL that has pages below it (/en/guide/ and /en/guide/<slug>/) maps the same way as one that
// has none. Hugo keeps no cache of rendered pages between builds: its rebuild is its first build.
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type PeerBuild, timed, writePagesAsMarkdown } from './shared'

/** Hugo's version, or undefined when `hugo` is not on the PATH. */
export function hugoVersion(): string | undefined {
  try {
    return /v(\d+\.\d+\.\d+)/.exec(execFileSync('hugo', ['version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))?.[1]
  } catch {
    return undefined
  }
}

const CONFIG = `baseURL = "https://example.com/"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
`
const LAYOUT = `<!doctype html>
<html lang="{{ .Params.pagelang }}" dir="{{ .Params.pagedir }}">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{ .Title }}</title><meta name="description" content="{{ .Params.description }}"></head>
  <body>
    <header><a href="/">Elastinet</a><nav><ul><li><a href="/en/elastic-meat-netting/">Products</a></li><li><a href="/en/guide/meat-netting/">Guides</a></li><li><a href="/en/about/">About</a></li><li><a href="/en/contact/">Contact</a></li></ul></nav></header>
    <main>{{ .Content }}</main>
    <footer><p>Elastic meat netting made in Turkey.</p></footer>
  </body>
</html>
`

/** Writes a Hugo site for the pages of `htmlFiles` (paths under `dist`) and builds it. */
export function buildWithHugo(dist: string, htmlFiles: string[], work: string, version: string): PeerBuild {
  rmSync(work, { recursive: true, force: true })
  mkdirSync(join(work, 'layouts/_default'), { recursive: true })
  writeFileSync(join(work, 'hugo.toml'), CONFIG)
  writeFileSync(join(work, 'layouts/_default/list.html'), LAYOUT)
  writeFileSync(join(work, 'layouts/index.html'), LAYOUT)
  const pages = writePagesAsMarkdown(
    dist,
    htmlFiles,
    (path) => join(work, 'content', path.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, ''), '_index.md'),
    // Front matter keys of our own, away from any Hugo might read itself.
    (md) => md.replace(/^lang: /m, 'pagelang: ').replace(/^dir: /m, 'pagedir: '),
  )
  return { name: 'Hugo', version, pages, ...timed('hugo --quiet', work) }
}
