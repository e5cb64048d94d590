import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cspHash, deferIslandEntries, inlineCode, inlinePageScript, loadAfterLoad, modulesLoadedAfterLoad } from '../../lib/build/inline-scripts'
import { htmlFiles } from '../helpers/page-weight'
import { inlineScriptHashes, pageFiles } from '../../scripts/page-scripts'

describe('inlined page script', () => {
  const tag = '<script src="/assets/entries/pages_content_client.D_5RgZFR.js" type="module" async></script>'
  it('replaces the content-page entry and nothing else', () => {
    const html = `<head>${tag}<script src="/assets/entries/entry-server-routing.X.js" type="module" async></script></head>`
    expect(inlinePageScript(html, 'go()')).toBe(
      '<head><script type="module">go()</script><script src="/assets/entries/entry-server-routing.X.js" type="module" async></script></head>',
    )
  })
  it('goes next to an island entry (form, selector, admin), which stays; other pages are unchanged', () => {
    for (const island of [
      '<script src="/assets/entries/pages_interactive_quote_client.AB_c-1.js" type="module" async></script>',
      '<script src="/assets/entries/pages_admin_client.X.js" type="module" async></script>',
    ])
      expect(inlinePageScript(`<body>${island}</body>`, 'go()')).toBe(`<body><script type="module">go()</script>${island}</body>`)
    expect(inlinePageScript('<body><p>redirect</p></body>', 'go()')).toBe('<body><p>redirect</p></body>')
  })
  it('the built island pages carry it inline, and their island does not', () => {
    const about = /<script type="module">([^<]*)<\/script>/.exec(readFileSync('dist/client/en/about/index.html', 'utf8'))![1]!
    for (const page of ['en/quote', 'ar/talab-tasir', 'de/groessen-auswahl', 'en/admin']) {
      const html = readFileSync(`dist/client/${page}/index.html`, 'utf8')
      expect(html, page).toContain(`<script type="module">${about}</script>`)
      const entry = /\/assets\/entries\/pages_[\w-]+_client\.[\w-]+\.js/.exec(html)![0]
      expect(readFileSync(`dist/client${entry}`, 'utf8'), entry).not.toContain('cookieConsent')
    }
  })
  it('cannot be closed early by "</script" in the code', () => {
    expect(inlineCode('a("</script>")')).toBe('a("<\\/script>")')
  })
  it('hashes exactly the text between the tags, as browsers do for CSP', () => {
    expect(cspHash('go()')).toBe(`'sha256-${createHash('sha256').update('go()').digest('base64')}'`)
  })
  it('the built pages carry the script inline, and _headers allows exactly that script', () => {
    const html = readFileSync('dist/client/en/about/index.html', 'utf8')
    expect(html).not.toContain('/assets/entries/pages_content_client')
    const code = /<script type="module">([^<]*)<\/script>/.exec(html)![1]!
    expect(code).toContain('cookieConsent')
    expect(readFileSync('dist/client/_headers', 'utf8')).toContain(cspHash(code))
  })
})

describe('islands load after the page has loaded', () => {
  it('replaces each form island entry with an inline loader, leaves the admin entry alone', () => {
    const island = '<script src="/assets/entries/pages_interactive_quote_client.AB_c-1.js" type="module" async></script>'
    const admin = '<script src="/assets/entries/pages_admin_client.X.js" type="module" async></script>'
    const { html, loaders } = deferIslandEntries(`<body>${island}${admin}</body>`)
    expect(loaders).toEqual([loadAfterLoad('/assets/entries/pages_interactive_quote_client.AB_c-1.js')])
    expect(loaders[0]).toMatch(/^addEventListener\("load",/)
    expect(html).toBe(`<body><script type="module">${loaders[0]}</script>${admin}</body>`)
  })
  it('the built quote and search pages defer their scripts, and _headers allows each loader', () => {
    const headers = readFileSync('dist/client/_headers', 'utf8')
    for (const [page, src] of [
      ['dist/client/en/quote/index.html', /\/assets\/entries\/pages_interactive_quote_client\.[\w-]+\.js/],
      ['dist/client/en/search/index.html', /\/assets\/search\.\w+\.js/],
    ] as const) {
      const html = readFileSync(page, 'utf8')
      const loader = /<script type="module">(addEventListener\("load",[^<]*)<\/script>/.exec(html)
      const [loaded] = modulesLoadedAfterLoad(html)
      expect(loaded, page).toMatch(src)
      expect(loader![1], page).toBe(loadAfterLoad(loaded!))
      expect(html, page).not.toMatch(/<script src="[^"]+" type="module"/)
      expect(headers, page).toContain(cspHash(loader![1]!))
    }
  })
})

describe('CSP hashes of the inline scripts the pages carry (scripts/page-scripts.ts)', () => {
  it('hashes each inline module script whole, "<" and an escaped "</script" included, and nothing else', () => {
    const code = 'for(let i=0;i<3;i++)document.body.append("</script>")'
    const page = `<body><script type="application/ld+json">{"@type":"Organization"}</script><script type="module">${inlineCode(code)}</script><script type="module">go()</script></body>`
    expect(inlineScriptHashes([page, page])).toEqual([cspHash(inlineCode(code)), cspHash('go()')].sort())
  })
})

describe('the pages of a built site', () => {
  it('postbuild reads every HTML page but those in the bundle, search index and data sheet folders; the bench counts every HTML file', () => {
    const site = mkdtempSync(join(tmpdir(), 'site-pages-'))
    try {
      const files = [
        'index.html',
        '404.html',
        'en/index.html',
        'en/about/index.html',
        'assets/x.html',
        'pagefind/y.html',
        'documents/z.html',
        'en/documents/w.html',
        'en/logo.svg',
      ]
      for (const file of files) {
        mkdirSync(dirname(join(site, file)), { recursive: true })
        writeFileSync(join(site, file), `<p>${file}</p>`)
      }
      expect(
        pageFiles(site)
          .map((f) => relative(site, f))
          .sort(),
      ).toEqual(['404.html', 'en/about/index.html', 'en/index.html', 'index.html'])
      expect(htmlFiles(site).map((f) => relative(site, f))).toEqual(files.filter((f) => f.endsWith('.html')).sort())
    } finally {
      rmSync(site, { recursive: true, force: true })
    }
  })
})
