import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cspHash, deferIslandEntries, inlineCode, inlinePageScript, loadAfterLoad } from '../../lib/build/inline-scripts'
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
  it('cannot be closed early by "</script" in the code', () => {
    expect(inlineCode('a("</script>")')).toBe('a("<\\/script>")')
  })
  it('hashes exactly the text between the tags, as browsers do for CSP', () => {
    expect(cspHash('go()')).toBe(`'sha256-${createHash('sha256').update('go()').digest('base64')}'`)
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
})

describe('CSP hashes of the inline scripts the pages carry (scripts/page-scripts.ts)', () => {
  it('hashes each inline module and classic script whole, "<" and an escaped "</script" included, and nothing else', () => {
    const code = 'for(let i=0;i<3;i++)document.body.append("</script>")'
    const page = `<body><script type="application/ld+json">{"@type":"Organization"}</script><script>show()</script><script type="module">${inlineCode(code)}</script><script type="module">go()</script></body>`
    expect(inlineScriptHashes([page, page])).toEqual([cspHash(inlineCode(code)), cspHash('go()'), cspHash('show()')].sort())
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
