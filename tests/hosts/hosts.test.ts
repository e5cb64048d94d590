// Host fidelity: the whole URL table against Cloudflare's own Pages asset handler (`wrangler
// pages dev`, offline) and against `npm start`'s preview server. Both must answer every row
// identically (status, Location, content type, the security and cache headers), every internal
// URL must answer 200 with no redirect, and every legacy link must reach its page in one hop.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStaticServer } from '../../server/preview/static-server'
import { CONFIG_PATHS, internalUrls, legacyRedirects, ROOT, urlTable, type Row } from './url-table'
import { startWrangler } from './wrangler'

const KEY_HEADERS = [
  'content-type',
  'location',
  'cache-control',
  'content-security-policy',
  'strict-transport-security',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'access-control-allow-origin',
]

type Seen = { status: number; headers: Record<string, string | null>; body: string }

async function get(base: string, url: string, method = 'GET'): Promise<Seen> {
  const res = await fetch(base + url, { method, redirect: 'manual' })
  const html = res.headers.get('content-type')?.startsWith('text/html')
  let body = ''
  // A 200 answer that is not HTML is read to the end but not kept.
  if (html || res.status !== 200) body = await res.text()
  else await res.arrayBuffer()
  return { status: res.status, headers: Object.fromEntries(KEY_HEADERS.map((h) => [h, res.headers.get(h)])), body }
}

/** Runs `fn` over `items`, `width` at a time. */
async function pool<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i]!)
      }
    }),
  )
  return out
}

let cloudflare: { url: string; stop: () => void }
let preview: Awaited<ReturnType<typeof startStaticServer>>
const table = urlTable()
const answers = new Map<string, { cf: Seen; pv: Seen }>()

beforeAll(async () => {
  if (!existsSync(`${ROOT}/index.html`)) throw new Error('dist/client is missing: run `npm run build` before the host tests')
  ;[cloudflare, preview] = await Promise.all([startWrangler(ROOT), startStaticServer({ root: ROOT, port: 0 })])
  const urls = [...new Set([...table.map((r) => r.url), ...internalUrls().keys()])]
  const started = Date.now()
  await pool(urls, 12, async (url) => answers.set(url, { cf: await get(cloudflare.url, url), pv: await get(preview.url, url) }))
  console.log(
    `hosts: ${urls.length} URLs (${internalUrls().size} internal URLs linked from pages and the sitemap) on both servers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
}, 120_000)

afterAll(() => {
  cloudflare?.stop()
  preview?.close()
})

const describeRow = (r: Row, s: Seen) => `${r.kind} ${r.url}: ${s.status} ${s.headers.location ?? ''}`

describe('the URL table on Cloudflare Pages (wrangler pages dev) and the preview server', () => {
  it('covers every page, legacy link, 404 and asset', () => {
    const count = (kind: string) => table.filter((r) => r.kind === kind).length
    expect(count('page')).toBeGreaterThan(250)
    expect(count('page without slash')).toBe(count('page') - 1)
    expect(count('legacy')).toBe(legacyRedirects().length)
    expect(count('404')).toBeGreaterThanOrEqual(7 * 5)
    expect(count('asset')).toBeGreaterThan(10)
  })

  it('Cloudflare answers every row as expected (pages 200, slash-less 308, legacy 301 to the page, localized 404s)', () => {
    const wrong = table.filter((r) => {
      const { cf } = answers.get(r.url)!
      if (cf.status !== r.expect.status || (cf.headers.location ?? undefined) !== r.expect.location) return true
      return r.expect.lang !== undefined && !cf.body.includes(`<html lang="${r.expect.lang}"`)
    })
    expect(wrong.map((r) => describeRow(r, answers.get(r.url)!.cf))).toEqual([])
  })

  it('the preview server answers every row exactly as Cloudflare does', () => {
    const differ = [...answers.entries()].filter(([, { cf, pv }]) => cf.status !== pv.status || JSON.stringify(cf.headers) !== JSON.stringify(pv.headers))
    expect(
      differ.map(([url, { cf, pv }]) => ({ url, cloudflare: { status: cf.status, ...cf.headers }, preview: { status: pv.status, ...pv.headers } })),
    ).toEqual([])
  })

  it('a 404 serves the same localized page on both', () => {
    for (const r of table.filter((r) => r.kind === '404')) {
      const { cf, pv } = answers.get(r.url)!
      expect(pv.body, r.url).toBe(cf.body)
    }
  })

  it('zero internal URLs redirect: every link, asset, canonical, hreflang, og:url, JSON-LD and sitemap URL answers 200', () => {
    const internal = internalUrls()
    expect(internal.size).toBeGreaterThan(250)
    const bad = [...internal].filter(([url]) => answers.get(url)!.cf.status !== 200 || answers.get(url)!.pv.status !== 200)
    expect(bad.map(([url, from]) => `${url} (on ${from}): Cloudflare ${answers.get(url)!.cf.status}, preview ${answers.get(url)!.pv.status}`)).toEqual([])
  })

  it('every legacy link reaches a page in one redirect', () => {
    for (const { from, to } of legacyRedirects()) {
      expect(answers.get(from)!.cf.status, from).toBe(301)
      expect(answers.get(to)?.cf.status ?? 'not a page', `${from} → ${to}`).toBe(200)
    }
  })

  it('Netlify applies every legacy redirect: no file shadows a legacy path (Netlify serves an existing file instead of a non-forced rule)', () => {
    const shadowed = legacyRedirects().filter(({ from }) =>
      ['', '.html', '/index.html'].some(
        (end) => existsSync(`${ROOT}${from.replace(/\/$/, '')}${end}`) && !statSync(`${ROOT}${from.replace(/\/$/, '')}${end}`).isDirectory(),
      ),
    )
    expect(shadowed).toEqual([])
  })

  it('_headers and _redirects are never served, however the path is spelled', async () => {
    const secrets = [readFileSync(`${ROOT}/_headers`, 'utf8'), readFileSync(`${ROOT}/_redirects`, 'utf8')].map((t) => t.slice(0, 40))
    for (const url of CONFIG_PATHS) {
      for (const base of [cloudflare.url, preview.url]) {
        const seen = await get(base, url)
        expect(seen.status, `${base}${url}`).not.toBe(200)
        for (const s of secrets) expect(seen.body, `${base}${url}`).not.toContain(s)
      }
      // `wrangler pages dev` reads the folder live and answers 502 here; a deployment leaves the
      // files out, so Cloudflare answers the 404 page, as the preview server does.
      expect((await get(preview.url, url)).status, url).toBe(404)
    }
  })

  it('methods other than GET and HEAD get 405 on pages and 301 on legacy links, on both', async () => {
    for (const [url, method] of [
      ['/', 'POST'],
      ['/en/about/', 'PUT'],
      ['/en/contact/', 'DELETE'],
      ['/products', 'POST'],
      ['/', 'HEAD'],
    ] as const) {
      const [cf, pv] = [await get(cloudflare.url, url, method), await get(preview.url, url, method)]
      expect({ url, method, status: pv.status, location: pv.headers.location }).toEqual({ url, method, status: cf.status, location: cf.headers.location })
    }
  })
})
