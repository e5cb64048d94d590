// Over every built page: internal links and assets resolve, hreflang sets are reciprocal and
// point at pages that exist, canonical URLs are present, the sitemap lists exactly the
// indexable pages. Reads dist/client directly, the way a crawler sees the site.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { facts } from '../../lib/content/data'
import { htmlFiles } from '../../scripts/bench/page-weight'

const ROOT = 'dist/client'
const SITE = facts.business.siteUrl

const pages = htmlFiles(ROOT)
  .map((file) => ({ file, html: readFileSync(file, 'utf8') }))
  .filter((p) => !p.html.includes('http-equiv="refresh"'))
const urlOf = (file: string) => file.slice(ROOT.length).replace(/\/index\.html$/, '').replace(/\.html$/, '') || '/'
const redirects = new Set(readFileSync(join(ROOT, '_redirects'), 'utf8').split('\n').map((l) => l.split(' ')[0]))

function exists(path: string): boolean {
  const clean = decodeURI(path.split('#')[0]!.split('?')[0]!)
  if (clean === '/') return true
  return existsSync(join(ROOT, clean)) && statSync(join(ROOT, clean)).isFile()
    ? true
    : existsSync(join(ROOT, clean, 'index.html')) || redirects.has(clean)
}

describe('built site integrity', () => {
  it('has one HTML file per URL of every locale', () => {
    expect(pages.length).toBeGreaterThan(280)
  })

  it('every internal link and asset resolves', () => {
    const broken: string[] = []
    for (const { file, html } of pages) {
      for (const [, attr, value] of html.matchAll(/\s(href|src)="([^"]+)"/g)) {
        if (!value!.startsWith('/') || value!.startsWith('//')) continue
        if (!exists(value!)) broken.push(`${file}: ${attr}="${value}"`)
      }
    }
    expect(broken).toEqual([])
  })

  it('in-page anchors point at existing ids', () => {
    const broken: string[] = []
    for (const { file, html } of pages) {
      for (const [, path, id] of html.matchAll(/href="(\/[^"#]*)#([^"]+)"/g)) {
        const target = path === urlOf(file) ? html : readFileSync(join(ROOT, path!, 'index.html'), 'utf8')
        if (!target.includes(`id="${id}"`)) broken.push(`${file}: ${path}#${id}`)
      }
    }
    expect(broken).toEqual([])
  })

  it('every indexable page has a self-referencing canonical and reciprocal hreflang alternates', () => {
    const alternatesOf = new Map<string, Map<string, string>>()
    for (const { file, html } of pages) {
      if (file.endsWith('404.html')) continue
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1]
      expect(canonical, file).toBe(SITE + urlOf(file))
      const alternates = new Map([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]))
      alternatesOf.set(canonical!, alternates)
    }
    for (const [url, alternates] of alternatesOf) {
      if (!alternates.size) continue
      expect([...alternates.values()], url).toContain(url)
      expect(alternates.has('x-default'), url).toBe(true)
      for (const [lang, href] of alternates) {
        if (lang === 'x-default') continue
        expect(alternatesOf.has(href), `${url} → ${href}`).toBe(true)
        expect(alternatesOf.get(href)!.get(lang), `${href} must list itself`).toBe(href)
        expect([...alternatesOf.get(href)!.values()], `${href} must list ${url}`).toContain(url)
      }
    }
  })

  it('the sitemap lists exactly the indexable pages', () => {
    const sitemap = readFileSync(join(ROOT, 'sitemap.xml'), 'utf8')
    const listed = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!))
    const indexable = new Set(
      pages
        .filter((p) => !p.file.endsWith('404.html') && p.html.includes('content="index,follow"'))
        .map((p) => SITE + urlOf(p.file)),
    )
    expect([...listed].sort()).toEqual([...indexable].sort())
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
  })

  it('placeholder pages are noindex and are not in the sitemap', () => {
    const sitemap = readFileSync(join(ROOT, 'sitemap.xml'), 'utf8')
    const html = readFileSync(join(ROOT, 'de/leitfaden/meat-netting/index.html'), 'utf8')
    expect(html).toContain('<meta name="robots" content="noindex,follow"/>')
    expect(sitemap).not.toContain('/de/leitfaden/')
  })

  // Fact placeholders ({maxHeat}, {countries}, …) must be filled everywhere a reader or a search
  // engine sees text: body, <title>, meta and Open Graph descriptions, JSON-LD. Only the JSON that
  // hydrating pages carry for the browser (Vike's application/json data) keeps raw templates.
  it('no {placeholder} is left unfilled in text, attributes or JSON-LD', () => {
    const left: string[] = []
    for (const { file, html } of pages) {
      const visible = html.replace(/<script\b[^>]*type="application\/json"[^>]*>[\s\S]*?<\/script>/gi, '')
      for (const [hit] of visible.matchAll(/\{[a-zA-Z][\w.]*\}/g)) left.push(`${file}: ${hit}`)
    }
    expect(left).toEqual([])
  })

  it('every page carries Organization JSON-LD; product pages a Product with the shared facts', () => {
    for (const { file, html } of pages) expect(html, file).toContain('"@type":"Organization"')
    const beef = readFileSync(join(ROOT, 'de/elastische-fleischnetze/rindfleisch-netz/index.html'), 'utf8')
    expect(beef).toContain('"@type":"Product"')
    expect(beef).toContain('"@type":"BreadcrumbList"')
    expect(beef).toContain('100–250 mm')
  })
})
