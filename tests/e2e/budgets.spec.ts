// Byte budgets from budgets.json over EVERY built page: JavaScript a page loads on
// first load (content pages vs hydrating pages), HTML, CSS, <img> dimensions, and no
// render-blocking third-party resource. Bytes only, never time. A browser check confirms that
// the static analysis sees every script Chromium really loads.
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { expect, readOnlyTest as test } from './fixtures'
import { routeTable } from '../../lib/content/data'
import { attrOf, hasAttr, htmlFiles, isRedirectStub, pageWeight, resourceTags, urlOf } from '../helpers/page-weight'
import { INTERACTIVE } from './page-types'
import { watchNetwork } from './network'

const ROOT = 'dist/client'
// Read, not imported: Playwright loads specs as ES modules, where a JSON import needs an attribute.
const budgets = JSON.parse(readFileSync('budgets.json', 'utf8')) as Record<'contentPageJs' | 'interactivePageJs' | 'html' | 'css', { maxGzipBytes: number }>

// Route paths and urlOf share one URL form: page paths end in "/" ("/en/quote/").
const interactiveUrls = new Set([...routeTable.routes.values()].filter((r) => INTERACTIVE.has(r.page)).flatMap((r) => Object.values(r.paths)))
type Built = { file: string; url: string; html: string }
let pages: Built[] = []
let weights = new Map<string, ReturnType<typeof pageWeight>>()
const over = (limit: number, pick: (w: ReturnType<typeof pageWeight>) => number, which: (url: string) => boolean) =>
  [...weights].filter(([url, w]) => which(url) && pick(w) > limit).map(([url, w]) => `${url}: ${pick(w)} B gzip > ${limit}`)

test.describe('budgets (budgets.json)', () => {
  // In one worker, in order: the weights of every page are read once (beforeAll is per worker).
  test.describe.configure({ mode: 'default' })
  test.beforeAll(() => {
    pages = htmlFiles(ROOT)
      .map((file) => ({ file, url: urlOf(ROOT, file), html: readFileSync(file, 'utf8') }))
      .filter((p) => !isRedirectStub(p.html))
    weights = new Map(pages.map((p) => [p.url, pageWeight(ROOT, p.file)]))
  })

  test('covers every page, content and interactive', () => {
    expect(pages.length).toBeGreaterThan(280)
    expect([...weights.keys()].filter((u) => interactiveUrls.has(u)).length).toBe(interactiveUrls.size)
  })

  test(`content pages load at most ${budgets.contentPageJs.maxGzipBytes} B of gzip JavaScript`, () => {
    expect(
      over(
        budgets.contentPageJs.maxGzipBytes,
        (w) => w.js,
        (u) => !interactiveUrls.has(u),
      ),
    ).toEqual([])
    // …and no framework: React or Vike's client router on a content page is a design break.
    const framework = [...weights].filter(([u, w]) => !interactiveUrls.has(u) && w.jsFiles.some((f) => /entry-(server|client)-routing|react/.test(f)))
    expect(framework.map(([u]) => u)).toEqual([])
  })

  test(`interactive pages load at most ${budgets.interactivePageJs.maxGzipBytes} B of gzip JavaScript on first load`, () => {
    expect(
      over(
        budgets.interactivePageJs.maxGzipBytes,
        (w) => w.js,
        (u) => interactiveUrls.has(u),
      ),
    ).toEqual([])
    // A hydrating page that loads nothing would mean the budget measures the wrong files.
    for (const url of interactiveUrls) expect(weights.get(url)?.js, url).toBeGreaterThan(budgets.contentPageJs.maxGzipBytes)
  })

  test(`every HTML page is at most ${budgets.html.maxGzipBytes} B gzip`, () => {
    expect(
      over(
        budgets.html.maxGzipBytes,
        (w) => w.html,
        () => true,
      ),
    ).toEqual([])
  })

  test(`stylesheets of a page are at most ${budgets.css.maxGzipBytes} B gzip`, () => {
    expect(
      over(
        budgets.css.maxGzipBytes,
        (w) => w.css,
        () => true,
      ),
    ).toEqual([])
  })

  // One render-blocking request per page: the page type's stylesheet (renderer/stylesheets/).
  test('every page links exactly one stylesheet', () => {
    const others = [...weights].filter(([, w]) => w.cssFiles.length !== 1).map(([url, w]) => `${url}: ${w.cssFiles.join(', ') || 'none'}`)
    expect(others).toEqual([])
  })

  test('every <img> has explicit width and height', () => {
    const missing: string[] = []
    for (const { url, html } of pages) {
      for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
        if (!/\swidth="\d+"/.test(tag) || !/\sheight="\d+"/.test(tag)) missing.push(`${url}: ${tag.slice(0, 120)}`)
      }
    }
    expect(missing).toEqual([])
  })

  test('no render-blocking third-party resource', () => {
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
  for (const url of ['/en/elastic-meat-netting/beef-netting/', '/ar/', '/en/quote/', '/tr/boyut-secici/']) {
    test(`on ${url} the browser loads no script the static analysis missed`, async ({ page }) => {
      const loaded: string[] = []
      page.on('response', (r) => r.request().resourceType() === 'script' && loaded.push(new URL(r.url()).pathname))
      const network = watchNetwork(page)
      await page.goto(url)
      expect(weights.has(url), `${url} is a built page`).toBe(true)
      const counted = weights.get(url)!.jsFiles.map((f) => '/' + relative(ROOT, resolve(ROOT, f)).replace(/\\/g, '/'))
      // An island is fetched after `load` and the first paint (lib/build/inline-scripts.ts). On a
      // busy machine that paint came more than 500 ms after `load`, and networkidle alone had
      // been reached before the island was asked for (seen once in CI): so first every counted
      // script arrives, then the network goes quiet (tests/e2e/network.ts).
      await expect.poll(() => counted.filter((p) => !loaded.includes(p))).toEqual([])
      await network.quiet()
      // Content pages carry their script inline: nothing to fetch, and nothing counted.
      expect(loaded.length > 0, 'loads scripts exactly when the static count has some').toBe(counted.length > 0)
      expect(loaded.filter((p) => !counted.includes(p))).toEqual([])
    })
  }
})
