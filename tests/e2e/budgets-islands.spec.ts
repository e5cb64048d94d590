// Byte budgets of the islands over EVERY built page in dist/client, in gzip -9
// bytes (budgets.json; never time): content pages, each island page (contact, quote, samples,
// size selector, admin, in every locale), and the shape that keeps them there: one entry
// script, no Vike client runtime or router, props as JSON, no content data in any client file.
// A browser check proves the static count is what Chromium loads and that the island hydrates.
import { expect, test } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { routeTable } from '../../lib/content/data'
import { modulesLoadedAfterLoad } from '../../lib/build/inline-scripts'
import { htmlFiles, isRedirectStub, pageWeight, resourceTags, urlOf } from '../helpers/page-weight'
import { watchNetwork } from './network'

const ROOT = 'dist/client'
const budgets = JSON.parse(readFileSync('budgets.json', 'utf8')) as typeof import('../../budgets.json')
const ISLANDS = ['contact', 'quote', 'samples', 'size-selector', 'admin'] as const
type Island = (typeof ISLANDS)[number]
const islandBudget = budgets.interactivePageJs.maxGzipBytes

/** URL (as urlOf writes it: no trailing slash) → the island it shows, for every locale. */
const islandOf = new Map<string, Island>()
for (const route of routeTable.routes.values()) {
  if (!(ISLANDS as readonly string[]).includes(route.page)) continue
  for (const path of Object.values(route.paths)) islandOf.set(path!.replace(/\/$/, ''), route.page as Island)
}

const pages = htmlFiles(ROOT)
  // Keys without the trailing slash, as islandOf above (page URLs end in "/": "/en/quote/" → "/en/quote").
  .map((file) => ({ file, url: urlOf(ROOT, file).replace(/(.)\/$/, '$1'), html: readFileSync(file, 'utf8') }))
  .filter((p) => !isRedirectStub(p.html))
const weights = new Map(pages.map((p) => [p.url, pageWeight(ROOT, p.file)]))
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`

test.describe('island budgets (budgets.json, dist/client)', () => {
  test('every page is measured, every island page in every locale', () => {
    expect(pages.length).toBeGreaterThan(280)
    const islandUrls = [...islandOf.keys()]
    expect(islandUrls.length).toBeGreaterThanOrEqual(ISLANDS.length * 5)
    expect(islandUrls.filter((u) => !weights.has(u))).toEqual([])
  })

  test(`content pages load at most ${budgets.contentPageJs.maxGzipBytes} B of gzip JavaScript`, () => {
    const over = [...weights].filter(([url, w]) => !islandOf.has(url) && w.js > budgets.contentPageJs.maxGzipBytes)
    expect(over.map(([url, w]) => `${url}: ${w.js} B`)).toEqual([])
  })

  for (const island of ISLANDS) {
    test(`${island}: first-load JavaScript at most ${kb(islandBudget)} gzip in every locale`, () => {
      const urls = [...islandOf].filter(([, i]) => i === island).map(([u]) => u)
      expect(urls.length).toBeGreaterThan(0)
      for (const url of urls) {
        const w = weights.get(url)!
        expect(w.js, `${url} loads ${kb(w.js)}: ${w.jsFiles.join(', ')}`).toBeLessThanOrEqual(islandBudget)
        // React alone is about 68 KB: less than that means the measurement missed the island's files.
        expect(w.js, `${url}: the count must include React`).toBeGreaterThan(60_000)
      }
    })
  }

  test('islands are HTML pages with one entry script, their props as JSON, and no Vike client runtime', () => {
    for (const { url, html } of pages.filter((p) => islandOf.has(p.url))) {
      // The form and selector islands load from an inline loader once the page has loaded
      // (lib/build/inline-scripts.ts); the admin page, its own island at pages/admin/ (it loads
      // supabase-js after sign-in), loads its entry at once.
      const loaded = modulesLoadedAfterLoad(html)
      const scripts = [
        ...resourceTags(html)
          .filter((t) => t.name === 'script' && t.src)
          .map((t) => t.src!),
        ...loaded,
      ]
      expect(scripts, url).toHaveLength(1)
      expect(scripts[0]!, url).toMatch(/^\/assets\/entries\/pages_(interactive_[a-z-]+|admin)_client\.[\w-]+\.js$/)
      if (!scripts[0]!.includes('pages_admin_')) expect(loaded, `${url}: the island waits for load`).toEqual(scripts)
      expect(html, url).not.toContain('vike_pageContext')
      expect(html, url).not.toMatch(/<link[^>]+rel="modulepreload"/)
      const props = html.match(/<script type="application\/json" id="island-props">([^<]*)<\/script>/)?.[1]
      expect(props, `${url}: #island-props`).toBeTruthy()
      expect(JSON.parse(props!), url).toMatchObject({ locale: expect.any(String), primary: expect.any(Object), links: expect.any(Object) })
      expect(
        weights.get(url)!.jsFiles.filter((f) => /entry-(server|client)-routing/.test(f)),
        url,
      ).toEqual([])
    }
  })

  test('no client file carries the content data (the dead 1 MB chunk is gone)', () => {
    const assets = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? assets(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
      )
    // ogLocale lives only in content/locales.yml's data; the route table and every page's text
    // came with it into that chunk.
    const withContent = assets(join(ROOT, 'assets')).filter((f) => readFileSync(f, 'utf8').includes('ogLocale'))
    expect(withContent.map((f) => relative(ROOT, f))).toEqual([])
  })
})

// The static count above is what the browser loads, and the island still comes alive.
for (const url of ['/en/contact/', '/ar/talab-tasir/', '/de/angebot/', '/tr/boyut-secici/', '/en/admin/', '/fr/']) {
  test(`on ${url} Chromium loads exactly the counted scripts`, async ({ page }) => {
    const loaded: string[] = []
    page.on('response', (r) => r.request().resourceType() === 'script' && loaded.push(new URL(r.url()).pathname))
    const network = watchNetwork(page)
    await page.goto(url)
    if (islandOf.has(url.replace(/\/$/, ''))) await expect(page.locator('#root button[type=submit]').first()).toBeEnabled()
    const counted = weights.get(url.replace(/\/$/, ''))!.jsFiles.map((f) => '/' + relative(ROOT, resolve(ROOT, f)).replace(/\\/g, '/'))
    // Every counted script arrives, then nothing is in flight (as budgets.spec.ts does).
    await expect.poll(() => counted.filter((p) => !loaded.includes(p))).toEqual([])
    await network.quiet()
    // Content pages carry their script inline: nothing to fetch, and nothing counted.
    expect(loaded.length > 0, 'loads scripts exactly when the static count has some').toBe(counted.length > 0)
    expect(counted.filter((p) => !loaded.includes(p))).toEqual([])
    // The admin page loads its app (sign-in, supabase-js) with import() once hydrated: lazy by
    // design, not first load. Every other page loads nothing beyond the count until used.
    if (!url.includes('/admin/')) expect(loaded.filter((p) => !counted.includes(p))).toEqual([])
  })
}
