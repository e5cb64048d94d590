// Peer benchmark: the same pages built by Hugo, when the machine has it (Debian's `hugo` package;
// without it the report says Hugo was skipped). Hugo is a single Go binary, the usual yardstick
// for raw static-site speed. Each of our built pages becomes one Markdown page with the same front
// matter and per-language data the Astro peer gets (scripts/bench/peers/peer-page.ts), rendered through a layout of the same
// weight as Astro's (astro.ts), with our stylesheet minified and fingerprinted by Hugo Pipes.
// Every page is a branch bundle (`<path>/_index.md`), so a URL that has pages below it
// (/en/guide/ and /en/guide/<slug>/) maps the same way as one that has none. Every build is cold:
// the project is written afresh (no resources/_gen), and Hugo keeps no cache of rendered pages.
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ourStylesheets, type PeerBuild, siteWeight, timed, writePagesAsMarkdown } from './shared'

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
// Hugo lower-cases front matter keys; ours are lower case already, but lang and dir are renamed
// (pagelang, pagedir) away from any key Hugo might read itself. A folder with no page of ours
// (a redirect) is a section Hugo makes on its own, without front matter: English chrome.
const LAYOUT = `{{ $css := resources.Get "site.css" | minify | fingerprint }}{{ $chrome := index site.Data.chrome (.Params.pagelang | default "en") }}<!doctype html>
<html lang="{{ .Params.pagelang }}" dir="{{ .Params.pagedir }}">
  <head>
    <meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{ .Title }}</title><meta name="description" content="{{ .Params.description }}">
    <link rel="stylesheet" href="{{ $css.RelPermalink }}">
    <link rel="icon" href="{{ $chrome.icon | safeURL }}" type="image/svg+xml"><link rel="canonical" href="{{ .Params.canonical }}">
    {{ range .Params.alternates }}<link rel="alternate" hreflang="{{ .lang }}" href="{{ .href }}">{{ end }}
    <meta property="og:title" content="{{ .Title }}"><meta property="og:description" content="{{ .Params.description }}"><meta property="og:url" content="{{ .Params.canonical }}">
  </head>
  <body>
    <a class="skip-link" href="#main">Skip to main content</a>
    <header class="site-header"><div class="container header-bar">
      <img class="brand-logo" src="{{ $chrome.icon | safeURL }}" width="36" height="36" alt="">
      <nav id="site-nav" class="site-nav" aria-label="Main navigation"><ul class="nav-list">
        {{ range $i, $item := $chrome.nav }}<li{{ if $item.children }} class="has-dropdown"{{ end }}><a href="{{ $item.href }}">{{ $item.text }}</a>
          {{ with $item.children }}<ul class="dropdown" id="menu-{{ $i }}">{{ range . }}<li><a href="{{ .href }}">{{ .text }}</a></li>{{ end }}</ul>{{ end }}
        </li>{{ end }}
      </ul></nav>
      <div class="header-actions">
        <div class="lang-switcher">
          {{ $lang := .Params.pagelang }}
          <button type="button" class="lang-button" popovertarget="lang-menu"><span>{{ range .Params.languages }}{{ if eq .lang $lang }}{{ .text }}{{ end }}{{ end }}</span></button>
          <nav id="lang-menu" class="lang-menu" popover="auto"><ul>
            {{ range .Params.languages }}<li><a href="{{ .href }}" hreflang="{{ .lang }}" lang="{{ .lang }}"{{ if eq .lang $lang }} aria-current="true"{{ end }}>{{ .text }}</a></li>{{ end }}
          </ul></nav>
        </div>
        {{ range $chrome.actions }}<a class="header-action" href="{{ .href }}">{{ .text }}</a>{{ end }}
      </div>
    </div></header>
    <main id="main"><div class="container prose">{{ .Content }}</div></main>
    <footer class="site-footer">
      <div class="container footer-grid">
        {{ range $chrome.footer }}<section><h2 class="footer-heading">{{ .heading }}</h2>
          <ul>{{ range .links }}<li><a href="{{ .href }}">{{ .text }}</a></li>{{ end }}{{ range .items }}<li><bdi>{{ . }}</bdi></li>{{ end }}</ul>
        </section>{{ end }}
      </div>
      <div class="container footer-legal"><p>{{ $chrome.copyright }}</p><ul>{{ range $chrome.legal }}<li><a href="{{ .href }}">{{ .text }}</a></li>{{ end }}</ul></div>
    </footer>
  </body>
</html>
`

/** Writes a Hugo site for the pages of `htmlFiles` (paths under `dist`) and builds it. */
export async function buildWithHugo(dist: string, htmlFiles: string[], work: string, version: string): Promise<PeerBuild> {
  rmSync(work, { recursive: true, force: true })
  mkdirSync(join(work, 'layouts/_default'), { recursive: true })
  mkdirSync(join(work, 'assets'), { recursive: true })
  writeFileSync(join(work, 'hugo.toml'), CONFIG)
  writeFileSync(join(work, 'layouts/_default/list.html'), LAYOUT)
  writeFileSync(join(work, 'layouts/index.html'), LAYOUT)
  writeFileSync(join(work, 'assets/site.css'), ourStylesheets(dist, htmlFiles))
  const { pages, chrome } = writePagesAsMarkdown(
    dist,
    htmlFiles,
    (path) => join(work, 'content', path.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, ''), '_index.md'),
    (md) => md.replace(/^lang: /m, 'pagelang: ').replace(/^dir: /m, 'pagedir: '),
  )
  mkdirSync(join(work, 'data'), { recursive: true })
  writeFileSync(join(work, 'data/chrome.json'), JSON.stringify(chrome))
  const run = await timed('hugo --quiet', work)
  return { name: 'Hugo', version, pages, kind: 'cold', ...run, ...(run.ok ? { weight: siteWeight(join(work, 'public')) } : {}) }
}
