// Over every built page: internal links and assets resolve, hreflang sets are reciprocal and
// point at pages that exist, canonical URLs are present, the sitemap lists exactly the
// indexable pages. Reads dist/client directly, the way a crawler sees the site.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { facts } from '../../lib/content/data'
import { htmlFiles, urlOf as servedAt } from '../helpers/page-weight'

const ROOT = 'dist/client'
const SITE = facts.business.siteUrl

// Read on first use, inside a test: listing the tests must not need a build.
let cache: { file: string; html: string }[] | undefined
const built = () =>
  (cache ??= htmlFiles(ROOT)
    .map((file) => ({ file, html: readFileSync(file, 'utf8') }))
    .filter((p) => !p.html.includes('http-equiv="refresh"')))
// "/en/about/": the URL form canonicals, hreflang and the sitemap use (page paths end in "/").
const urlOf = (file: string) => servedAt(ROOT, file)
let redirectSet: Set<string> | undefined
const redirects = () =>
  (redirectSet ??= new Set(
    readFileSync(join(ROOT, '_redirects'), 'utf8')
      .split('\n')
      .map((l) => l.split(' ')[0]!),
  ))

function exists(path: string): boolean {
  const clean = decodeURI(path.split('#')[0]!.split('?')[0]!)
  if (clean === '/') return true
  return existsSync(join(ROOT, clean)) && statSync(join(ROOT, clean)).isFile()
    ? true
    : existsSync(join(ROOT, clean, 'index.html')) || redirects().has(clean.replace(/(.)\/$/, '$1'))
}

test.describe('built site integrity', () => {
  test('has one HTML file per URL of every locale', () => {
    expect(built().length).toBeGreaterThan(280)
  })

  test('every internal link and asset resolves', () => {
    const broken: string[] = []
    for (const { file, html } of built()) {
      for (const [, attr, value] of html.matchAll(/\s(href|src)="([^"]+)"/g)) {
        if (!value!.startsWith('/') || value!.startsWith('//')) continue
        if (!exists(value!)) broken.push(`${file}: ${attr}="${value}"`)
      }
    }
    expect(broken).toEqual([])
  })

  test('in-page anchors point at existing ids', () => {
    const broken: string[] = []
    for (const { file, html } of built()) {
      for (const [, path, id] of html.matchAll(/href="(\/[^"#]*)#([^"]+)"/g)) {
        const target = path === urlOf(file) ? html : readFileSync(join(ROOT, path!, 'index.html'), 'utf8')
        if (!target.includes(`id="${id}"`)) broken.push(`${file}: ${path}#${id}`)
      }
    }
    expect(broken).toEqual([])
  })

  test('every indexable page has a self-referencing canonical and reciprocal hreflang alternates', () => {
    const alternatesOf = new Map<string, Map<string, string>>()
    for (const { file, html } of built()) {
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

  test('the sitemap lists exactly the indexable pages', () => {
    const sitemap = readFileSync(join(ROOT, 'sitemap.xml'), 'utf8')
    const listed = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!))
    const indexable = new Set(
      built()
        .filter((p) => !p.file.endsWith('404.html') && p.html.includes('content="index,follow"'))
        .map((p) => SITE + urlOf(p.file)),
    )
    expect([...listed].sort()).toEqual([...indexable].sort())
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
  })

  test('placeholder pages are noindex and are not in the sitemap', () => {
    const sitemap = readFileSync(join(ROOT, 'sitemap.xml'), 'utf8')
    const html = readFileSync(join(ROOT, 'de/leitfaden/meat-netting/index.html'), 'utf8')
    expect(html).toContain('<meta name="robots" content="noindex,follow"/>')
    expect(sitemap).not.toContain('/de/leitfaden/')
  })

  // Fact placeholders ({maxHeat}, {countries}, …) must be filled everywhere a reader or a search
  // engine sees text: body, <title>, meta and Open Graph descriptions, JSON-LD. Only the JSON that
  // hydrating pages carry for the browser (application/json data) keeps raw templates, and the
  // inlined page script is code, not text.
  test('no {placeholder} is left unfilled in text, attributes or JSON-LD', () => {
    const left: string[] = []
    for (const { file, html } of built()) {
      const visible = html.replace(/<script\b[^>]*type="(application\/json|module)"[^>]*>[\s\S]*?<\/script>/gi, '')
      for (const [hit] of visible.matchAll(/\{[a-zA-Z][\w.]*\}/g)) left.push(`${file}: ${hit}`)
    }
    expect(left).toEqual([])
  })

  // `npm run dev` marks texts shown in English for want of a translation (lib/i18n/missing-marks.ts);
  // a build must never: no <mark data-missing-translation>, no banner, no invisible marker left.
  test('no dev-server translation mark on any built page', () => {
    const marked = built()
      .filter(({ html }) => /data-missing-translation|dev-missing-translations|[\uE000-\uE002]/.test(html))
      .map(({ file }) => file)
    expect(built().length).toBeGreaterThan(0)
    expect(marked).toEqual([])
  })

  test('every page carries Organization JSON-LD; product pages a Product with the shared facts', () => {
    for (const { file, html } of built()) expect(html, file).toContain('"@type":"Organization"')
    const beef = readFileSync(join(ROOT, 'de/elastische-fleischnetze/rindfleisch-netz/index.html'), 'utf8')
    expect(beef).toContain('"@type":"Product"')
    expect(beef).toContain('"@type":"BreadcrumbList"')
    expect(beef).toContain('100–250 mm')
  })
})
