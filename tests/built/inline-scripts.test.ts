// The built pages carry the page script inline and load their islands after the page has loaded,
// and _headers allows exactly those inline scripts (lib/build/inline-scripts.ts; the rewriting
// itself: tests/unit/inline-scripts.test.ts).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cspHash, loadAfterLoad, modulesLoadedAfterLoad } from '../../lib/build/inline-scripts'

describe('inlined page script on the built pages', () => {
  it('the built island pages carry it inline, and their island does not', () => {
    const about = /<script type="module">([^<]*)<\/script>/.exec(readFileSync('dist/client/en/about/index.html', 'utf8'))![1]!
    for (const page of ['en/quote', 'ar/talab-tasir', 'de/groessen-auswahl', 'en/admin']) {
      const html = readFileSync(`dist/client/${page}/index.html`, 'utf8')
      expect(html, page).toContain(`<script type="module">${about}</script>`)
      const entry = /\/assets\/entries\/pages_[\w-]+_client\.[\w-]+\.js/.exec(html)![0]
      expect(readFileSync(`dist/client${entry}`, 'utf8'), entry).not.toContain('cookieConsent')
    }
  })
  it('the built pages carry the script inline, and _headers allows exactly that script', () => {
    const html = readFileSync('dist/client/en/about/index.html', 'utf8')
    expect(html).not.toContain('/assets/entries/pages_content_client')
    const code = /<script type="module">([^<]*)<\/script>/.exec(html)![1]!
    expect(code).toContain('cookieConsent')
    expect(readFileSync('dist/client/_headers', 'utf8')).toContain(cspHash(code))
  })
})

describe('islands on the built pages load after the page has loaded', () => {
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
