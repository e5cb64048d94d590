// The preview server on a small fixture site: Cloudflare Pages' answers (tests/hosts/ compares the
// real build with `wrangler pages dev`), and it survives any request line sent over a raw socket.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStaticServer } from '../../server/preview/static-server'

let root: string
let server: Awaited<ReturnType<typeof startStaticServer>>

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'preview-'))
  const files: Record<string, string> = {
    'index.html': '<html lang="en">home',
    '404.html': '<html lang="en">not found',
    'tr/index.html': '<html lang="tr">ana sayfa',
    'tr/404.html': '<html lang="tr">bulunamadı',
    'en/about/index.html': '<html lang="en">about',
    'assets/app.js': 'console.log(1)',
    'sitemap.xml': '<urlset/>',
    _headers: '/*\n  X-Frame-Options: DENY\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
    _redirects: '/old /en/about/ 301\n/old/ /en/about/ 301\n/tr/eski /tr/ 301\n',
  }
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  server = await startStaticServer({ root, port: 0 })
})
afterAll(() => {
  server.close()
  rmSync(root, { recursive: true, force: true })
})

const get = (path: string, init: RequestInit = {}) => fetch(server.url + path, { redirect: 'manual', ...init })

/**
 * Sends raw bytes, then ends the sending side as a client that has said all it will; returns the
 * status line (or "closed" when the server hung up without one). The server answers what it can
 * parse and closes after it; what it cannot parse, it refuses and closes: so this waits for the
 * socket to close, with no time limit of its own (the test's timeout bounds a server that hangs).
 */
function raw(request: string): Promise<string> {
  return new Promise((ok) => {
    const { port } = new URL(server.url)
    const socket = connect(Number(port), '127.0.0.1')
    let data = ''
    socket.on('data', (d) => {
      data += d
    })
    socket.on('error', () => {})
    socket.on('close', () => ok(data.split('\r\n')[0] || 'closed'))
    socket.end(request)
  })
}

describe('preview server: what Cloudflare Pages answers', () => {
  it.each([
    ['/', 200, null],
    ['/en/about/', 200, null],
    ['/en/about', 308, '/en/about/'],
    ['/en/about/index.html', 308, '/en/about/'],
    ['/en/about/index', 308, '/en/about/'],
    ['/en/about?x=1', 308, '/en/about/?x=1'],
    ['/old', 301, '/en/about/'],
    ['/old/', 301, '/en/about/'],
    ['/old?utm=1', 301, '/en/about/?utm=1'],
    ['/tr/eski', 301, '/tr/'],
    ['/tr', 308, '/tr/'],
    ['/404.html', 308, '/404'],
    ['/404', 200, null],
    ['/assets/app.js', 200, null],
    ['/nope', 404, null],
  ])('%s → %i %s', async (path, status, location) => {
    const res = await get(path)
    expect(res.status).toBe(status)
    expect(res.headers.get('location')).toBe(location)
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('serves the nearest 404.html with status 404 and no-store', async () => {
    const tr = await get('/tr/yok/sayfa/')
    expect(tr.status).toBe(404)
    expect(await tr.text()).toContain('lang="tr"')
    expect(tr.headers.get('cache-control')).toBe('no-store')
    expect(await (await get('/de/nichts')).text()).toContain('not found')
  })

  it('applies _headers rules by path pattern', async () => {
    expect((await get('/assets/app.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await get('/')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })

  it('never serves _headers or _redirects, however the path is spelled', async () => {
    for (const path of ['/_headers', '/_redirects', '/%2f_headers', '/%5f_headers', '/%2F_redirects', '/x/../_headers', '/_headers/', '/_headers.html']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(await res.text(), path).not.toContain('X-Frame-Options')
    }
  })

  it('does not serve an undecodable path as the home page', async () => {
    expect((await get('/%ff')).status).toBe(404)
    expect((await get('/%E0%A4%A')).status).toBe(404)
  })

  it('answers 405 to methods other than GET and HEAD, and HEAD without a body', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) expect((await get('/', { method })).status, method).toBe(405)
    const head = await get('/en/about/', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await get('/')).headers.get('etag')!
    expect((await get('/', { headers: { 'if-none-match': etag } })).status).toBe(304)
  })
})

describe('preview server: survives malformed requests', () => {
  const FUZZ: [string, RegExp][] = [
    ['GET /// HTTP/1.1\r\nHost: x\r\n\r\n', / 200 /],
    ['GET //x:99999 HTTP/1.1\r\nHost: x\r\n\r\n', / 404 /],
    ['GET //evil.example/ HTTP/1.1\r\nHost: x\r\n\r\n', / 404 /],
    ['GET //en/about HTTP/1.1\r\nHost: x\r\n\r\n', / 308 /],
    ['GET /%ff HTTP/1.1\r\nHost: x\r\n\r\n', / 404 /],
    ['GET /%2f_headers HTTP/1.1\r\nHost: x\r\n\r\n', / 404 /],
    ['GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n', / 404 /],
    ['GET /..%2f..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: x\r\n\r\n', / 404 /],
    ['GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n', / 404 /],
    [`GET /${'a'.repeat(5000)} HTTP/1.1\r\nHost: x\r\n\r\n`, / 404 /],
    [`GET /${'a/'.repeat(3000)} HTTP/1.1\r\nHost: x\r\n\r\n`, / 404 /],
    [`GET /${'x'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`, / 431 | 414 /],
    ['GET * HTTP/1.1\r\nHost: x\r\n\r\n', / 400 /],
    ['OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n', / 400 /],
    ['GET relative HTTP/1.1\r\nHost: x\r\n\r\n', / 400 /],
    ['GET http://[::1 HTTP/1.1\r\nHost: x\r\n\r\n', / 400 /],
    ['GET http://example.com/en/about/ HTTP/1.1\r\nHost: x\r\n\r\n', / 200 /],
    ['BREW / HTTP/1.1\r\nHost: x\r\n\r\n', / 400 /],
    ['PROPFIND / HTTP/1.1\r\nHost: x\r\n\r\n', / 405 /],
    ['POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc', / 405 /],
    ['GET / HTTP/9.9\r\nHost: x\r\n\r\n', / (400|505) /],
    ['GET /\r\n\r\n', /^(HTTP\/1\.[01] \d{3}|closed)/],
    // Empty lines before a request line are ignored (RFC 9112 §2.2).
    ['\r\n\r\nGET /en/about/ HTTP/1.1\r\nHost: x\r\n\r\n', / 200 /],
    ['GARBAGE\r\n\r\n', / 400 /],
    ['GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', / 400 /],
    ['GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', / 400 /],
    [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20000)}\r\n\r\n`, / 431 /],
    ['GET /\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n', /./],
    ['GET /a\tb HTTP/1.1\r\nHost: x\r\n\r\n', /./],
  ]

  const label = (r: string) => JSON.stringify(r.length > 60 ? `${r.slice(0, 40)}…(${r.length} bytes)` : r)
  it.each(FUZZ.map(([r, e]) => [label(r), r, e] as const))('%s', async (_, request, expected) => {
    expect(await raw(request)).toMatch(expected)
  })

  it('is still up and serving after the whole list', async () => {
    await Promise.all(FUZZ.map(([r]) => raw(r)))
    const res = await get('/en/about/')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('about')
  })
})

describe('preview server: gzip, as hosts send text (the benchmark turns it on)', () => {
  let zipped: Awaited<ReturnType<typeof startStaticServer>>
  beforeAll(async () => {
    writeFileSync(join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
    zipped = await startStaticServer({ root, port: 0, gzip: true })
  })
  afterAll(() => zipped.close())
  const rawGet = (path: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((ok, fail) => {
      const url = new URL(zipped.url + path)
      const chunks: Buffer[] = []
      request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      })
        .on('error', fail)
        .end()
    })

  it('compresses HTML, scripts and the 404 page for a client that accepts gzip', async () => {
    for (const [path, status, text] of [
      ['/en/about/', 200, '<html lang="en">about'],
      ['/assets/app.js', 200, 'console.log(1)'],
      ['/en/missing/', 404, '<html lang="en">not found'],
    ] as const) {
      const res = await rawGet(path, 'gzip, deflate, br')
      expect(res.status, path).toBe(status)
      expect(res.headers['content-encoding'], path).toBe('gzip')
      expect(res.headers.vary, path).toBe('Accept-Encoding')
      expect(gunzipSync(res.body).toString(), path).toBe(text)
    }
  })
  it('sends plain bytes to a client that does not accept gzip, and never compresses images', async () => {
    const plain = await rawGet('/en/about/')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe('<html lang="en">about')
    const png = await rawGet('/logo.png', 'gzip')
    expect(png.headers['content-encoding']).toBeUndefined()
    expect([...png.body]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })
  it('answers 304 to the weak ETag it sent', async () => {
    const first = await rawGet('/en/about/', 'gzip')
    expect(first.headers.etag).toMatch(/^W\/"/)
    const again = await fetch(zipped.url + '/en/about/', { headers: { 'if-none-match': String(first.headers.etag) } })
    expect(again.status).toBe(304)
  })
})
