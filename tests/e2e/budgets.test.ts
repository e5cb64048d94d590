// Byte budgets from budgets.json over EVERY built page (issue 6 §4): JavaScript a page loads on
// first load (content pages vs hydrating pages), HTML, CSS, <img> dimensions, and no
// render-blocking third-party resource. Bytes only, never time. A browser check confirms that
// the static analysis sees every script Chromium really loads.
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import budgets from '../../budgets.json'
import { routeTable } from '../../lib/content/data'
import { attrOf, hasAttr, htmlFiles, isRedirectStub, pageWeight, resourceTags, urlOf } from '../../scripts/bench/page-weight'
import { useBrowser } from './browser'
import { INTERACTIVE } from './page-types'

const ROOT = 'dist/client'
const { page: newPage } = useBrowser()

const interactiveUrls = new Set(
  [...routeTable.routes.values()].filter((r) => INTERACTIVE.has(r.page)).flatMap((r) => Object.values(r.paths)),
)
const pages = htmlFiles(ROOT)
  .map((file) => ({ file, url: urlOf(ROOT, file), html: readFileSync(file, 'utf8') }))
  .filter((p) => !isRedirectStub(p.html))
const weights = new Map(pages.map((p) => [p.url, pageWeight(ROOT, p.file)]))
const over = (limit: number, pick: (w: ReturnType<typeof pageWeight>) => number, which: (url: string) => boolean) =>
  [...weights].filter(([url, w]) => which(url) && pick(w) > limit).map(([url, w]) => `${url}: ${pick(w)} B gzip > ${limit}`)

describe('budgets (budgets.json)', () => {
  it('covers every page, content and interactive', () => {
    expect(pages.length).toBeGreaterThan(280)
    expect([...weights.keys()].filter((u) => interactiveUrls.has(u)).length).toBe(interactiveUrls.size)
  })

  it(`content pages load at most ${budgets.contentPageJs.maxGzipBytes} B of gzip JavaScript`, () => {
    expect(over(budgets.contentPageJs.maxGzipBytes, (w) => w.js, (u) => !interactiveUrls.has(u))).toEqual([])
    // …and no framework: React or Vike's client router on a content page is a design break.
    const framework = [...weights].filter(([u, w]) => !interactiveUrls.has(u) && w.jsFiles.some((f) => /entry-(server|client)-routing|react/.test(f)))
    expect(framework.map(([u]) => u)).toEqual([])
  })

  it(`interactive pages load at most ${budgets.interactivePageJs.maxGzipBytes} B of gzip JavaScript on first load`, () => {
    expect(over(budgets.interactivePageJs.maxGzipBytes, (w) => w.js, (u) => interactiveUrls.has(u))).toEqual([])
    // A hydrating page that loads nothing would mean the budget measures the wrong files.
    for (const url of interactiveUrls) expect(weights.get(url)!.js, url).toBeGreaterThan(budgets.contentPageJs.maxGzipBytes)
  })

  it(`every HTML page is at most ${budgets.html.maxGzipBytes} B gzip`, () => {
    expect(over(budgets.html.maxGzipBytes, (w) => w.html, () => true)).toEqual([])
  })

  it(`stylesheets of a page are at most ${budgets.css.maxGzipBytes} B gzip`, () => {
    expect(over(budgets.css.maxGzipBytes, (w) => w.css, () => true)).toEqual([])
  })

  it('every <img> has explicit width and height', () => {
    const missing: string[] = []
    for (const { url, html } of pages) {
      for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
        if (!/\swidth="\d+"/.test(tag) || !/\sheight="\d+"/.test(tag)) missing.push(`${url}: ${tag.slice(0, 120)}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('no render-blocking third-party resource', () => {
    const external = (src?: string) => !!src && /^(https?:)?\/\//i.test(src)
    const blocking: string[] = []
    for (const { url, html } of pages) {
      for (const tag of resourceTags(html)) {
        if (!external(tag.src)) continue
        const isScript = tag.name === 'script' && !hasAttr(tag, 'async') && !hasAttr(tag, 'defer') && attrOf(tag, 'type') !== 'module'
        const isStylesheet = tag.name === 'link' && /(^|\s)stylesheet(\s|$)/i.test(attrOf(tag, 'rel') ?? '')
        if (isScript || isStylesheet) blocking.push(`${url}: <${tag.name}${tag.attrs}>`)
      }
    }
    for (const css of new Set([...weights.values()].flatMap((w) => w.cssFiles))) {
      if (/@import\s+(url\()?\s*["']?(https?:)?\/\//i.test(readFileSync(resolve(ROOT, css), 'utf8'))) blocking.push(`${css}: external @import`)
    }
    expect(blocking).toEqual([])
  })

  // The budgets above read dist/ statically; this proves they count what Chromium fetches.
  it.each(['/en/elastic-meat-netting/beef-netting', '/ar', '/en/quote', '/tr/boyut-secici'])(
    'on %s the browser loads no script the static analysis missed',
    async (url) => {
      const page = await newPage()
      const loaded: string[] = []
      page.on('response', (r) => r.request().resourceType() === 'script' && loaded.push(new URL(r.url()).pathname))
      await page.goto(url)
      await page.waitForLoadState('networkidle')
      await page.context().close()
      const counted = weights.get(url)!.jsFiles.map((f) => '/' + relative(ROOT, resolve(ROOT, f)).replace(/\\/g, '/'))
      expect(loaded.length).toBeGreaterThan(0)
      expect(loaded.filter((p) => !counted.includes(p))).toEqual([])
    },
  )
})
