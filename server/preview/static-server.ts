// The local preview server (`npm start`, the e2e tests, the benchmark): serves dist/client the way
// Cloudflare Pages does, step for step after its asset handler (the `pages-shared` handler that
// `wrangler pages dev` runs): `_redirects` first, GET/HEAD only (405), trailing-slash handling
// (`/x` → 308 `/x/` when x/index.html exists, `/x/index.html` → 308 `/x/`), the nearest 404.html
// with status 404, and `_headers` on every answer. tests/hosts/ checks it answers the whole URL
// table exactly as `wrangler pages dev` does; tests/unit/preview-server.test.ts sends it
// malformed requests. No static-file library gives this (sirv and serve-handler serve `/x`
// directly or redirect with other codes), so it stays small and hand-written.
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, readFileSync } from 'node:fs'
import { createServer, STATUS_CODES, type Server, type ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { parseHeaders, parseRedirects } from './host-rules'

// Same types as Cloudflare Pages (which uses the `mime` package); text/* gets a charset.
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.htm': 'text/html',
  '.css': 'text/css',
  '.js': 'application/javascript',
  '.mjs': 'application/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/vnd.microsoft.icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
}
export function contentType(file: string): string {
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type
}

/** Files a Pages deployment leaves out (configuration, never served). */
const CONFIG_FILES = ['_headers', '_redirects', '_routes.json', '_worker.js']

type Answer = { status: number; headers: Headers; body?: Buffer | string }

/** As Cloudflare's redirect responses do: "//evil.example" never becomes a Location. */
const stripLeadingDoubleSlashes = (location: string) => location.replace(/^(\/|%2F|%2f|%5C|%5c|%09|\s|\\)+(.*)/, '/$2')

export function createHandler(root: string) {
  const dir = resolve(root)
  const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '')
  const redirectFor = parseRedirects(read('_redirects'))
  const applyHeaders = parseHeaders(read('_headers'))
  const ignored = new Set(CONFIG_FILES.map((f) => join(dir, f)))

  /** The file for a decoded path, or undefined (outside the root, a folder, a config file, a bad name). */
  const find = (path: string): string | undefined => {
    try {
      const file = resolve(join(dir, path))
      if (!file.startsWith(dir + sep) || ignored.has(file)) return undefined
      return lstatSync(file, { throwIfNoEntry: false })?.isFile() ? file : undefined
    } catch {
      return undefined // ENOTDIR, ENAMETOOLONG, a NUL byte: no such file
    }
  }

  const redirect = (status: number, location: string): Answer => ({
    status,
    headers: new Headers(status === 308 ? { location } : { location, 'content-type': 'text/plain;charset=UTF-8' }),
    body: status === 308 ? undefined : `Redirecting to ${location}`,
  })

  function answer(method: string, rawUrl: URL, requestHeaders: Record<string, string | string[] | undefined>): Answer {
    const { search } = rawUrl
    let pathname = rawUrl.pathname

    const serve = (file: string, status = 200): Answer => {
      const body = readFileSync(file)
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`
      const headers = new Headers({ 'content-type': contentType(file) })
      if (status === 404) return { status, headers, body }
      if (requestHeaders['if-none-match'] === etag || requestHeaders['if-none-match'] === `W/${etag}`) return { status: 304, headers: new Headers() }
      headers.set('etag', etag)
      if (!requestHeaders.authorization && !requestHeaders.range) headers.set('cache-control', 'public, max-age=0, must-revalidate')
      return { status, headers, body }
    }
    const notFound = (): Answer => {
      for (let cwd = pathname; cwd; ) {
        cwd = cwd.slice(0, cwd.lastIndexOf('/'))
        const page = find(`${cwd}/404.html`)
        if (page) return serve(page, 404)
      }
      const home = find('/index.html')
      return home ? serve(home) : { status: 404, headers: new Headers(), body: 'Not Found' }
    }

    const rule = redirectFor(pathname)
    if (rule) {
      const to = new URL(rule.to, rawUrl)
      const location = to.origin === rawUrl.origin ? `${to.pathname}${to.search || search}${to.hash}` : to.href
      return redirect(rule.status, location)
    }
    if (method !== 'GET' && method !== 'HEAD') return { status: 405, headers: new Headers() }
    try {
      pathname = decodeURIComponent(pathname)
    } catch {
      // Cloudflare keeps an undecodable path as it is (then finds no file for it).
    }
    let file: string | undefined
    if (pathname.endsWith('/')) {
      if ((file = find(`${pathname}index.html`))) return serve(file)
      if (pathname.endsWith('/index/')) return redirect(308, stripLeadingDoubleSlashes(`/${pathname.slice(1, -'index/'.length)}${search}`))
      if (find(pathname.replace(/\/$/, '.html'))) return redirect(308, stripLeadingDoubleSlashes(`/${pathname.slice(1, -1)}${search}`))
      return notFound()
    }
    if ((file = find(pathname))) {
      if (!pathname.endsWith('.html')) return serve(file)
      const extensionless = pathname.slice(0, -'.html'.length)
      if (extensionless.endsWith('/index')) return redirect(308, stripLeadingDoubleSlashes(`${extensionless.replace(/\/index$/, '/')}${search}`))
      if (find(extensionless) || extensionless === '/') return serve(file)
      return redirect(308, stripLeadingDoubleSlashes(`${extensionless}${search}`))
    }
    if (pathname.endsWith('/index')) return redirect(308, stripLeadingDoubleSlashes(`/${pathname.slice(1, -'index'.length)}${search}`))
    if ((file = find(`${pathname}.html`))) return serve(file)
    if (find(`${pathname}/index.html`)) return redirect(308, stripLeadingDoubleSlashes(`${pathname}/${search}`))
    return notFound()
  }

  /** Headers every answer gets, as Cloudflare adds them: its defaults, then `_headers`. */
  function finish(a: Answer, rawUrl: URL): Answer {
    const headers = new Headers(a.headers)
    headers.set('access-control-allow-origin', '*')
    headers.set('referrer-policy', 'strict-origin-when-cross-origin')
    if (headers.has('content-type')) headers.set('x-content-type-options', 'nosniff')
    applyHeaders(rawUrl.pathname, headers)
    if (a.status === 404) {
      headers.delete('cache-control')
      headers.append('cache-control', 'no-store')
    }
    return { ...a, headers }
  }

  return { answer, finish }
}

/** The request target as a URL, or undefined when no host would accept it ("*", "x", a bad absolute URL). */
export function requestUrl(target: string): URL | undefined {
  try {
    if (target.startsWith('/')) return new URL(`http://localhost${target}`)
    if (/^https?:\/\//i.test(target)) {
      const url = new URL(target)
      return new URL(`http://localhost${url.pathname}${url.search}`)
    }
  } catch {
    // fall through
  }
  return undefined
}

function send(res: ServerResponse, a: Answer, head: boolean) {
  const headers = Object.fromEntries(a.headers)
  const body = a.status === 304 || head ? undefined : a.body
  res.writeHead(a.status, STATUS_CODES[a.status], { ...headers, ...(a.body !== undefined ? { 'content-length': Buffer.byteLength(a.body) } : {}) })
  res.end(body)
}

/** Text types a host compresses on the way out. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/

/**
 * The answer gzip-compressed, as Cloudflare and Netlify send text to a browser that accepts it
 * (with a weak ETag, as Cloudflare does). Off by default: `wrangler pages dev`, which
 * tests/hosts/ compares this server with, does not compress. The benchmark turns it on, so that
 * Lighthouse downloads the bytes a buyer would.
 */
function gzipped(a: Answer, acceptEncoding: string | undefined, cache: Map<string, Buffer>): Answer {
  const type = a.headers.get('content-type') ?? ''
  if (a.body === undefined || (a.status !== 200 && a.status !== 404) || !/\bgzip\b/.test(acceptEncoding ?? '') || !COMPRESSIBLE.test(type)) return a
  const key = a.headers.get('etag') ?? ''
  const body = (key && cache.get(key)) || gzipSync(a.body)
  if (key) cache.set(key, body)
  const headers = new Headers(a.headers)
  headers.set('content-encoding', 'gzip')
  headers.set('vary', 'Accept-Encoding')
  if (key) headers.set('etag', `W/${key}`)
  return { ...a, headers, body }
}

export function startStaticServer({
  root,
  port,
  host = '127.0.0.1',
  gzip = false,
}: {
  root: string
  port: number
  host?: string
  gzip?: boolean
}): Promise<Server & { url: string }> {
  const { answer, finish } = createHandler(root)
  const compressed = new Map<string, Buffer>()
  const server = createServer((req, res) => {
    try {
      const url = requestUrl(req.url ?? '')
      if (!url) return send(res, { status: 400, headers: new Headers({ 'content-type': 'text/plain;charset=UTF-8' }), body: 'Bad Request' }, false)
      const method = req.method ?? 'GET'
      const done = finish(answer(method, url, req.headers), url)
      send(res, gzip ? gzipped(done, req.headers['accept-encoding'], compressed) : done, method === 'HEAD')
    } catch (error) {
      console.error('preview server:', error)
      if (!res.headersSent) res.writeHead(500).end()
      else res.destroy()
    }
  })
  // What Node's HTTP parser refuses (bad request line, unknown method, oversized headers) gets
  // the status a host answers with, and the connection closes; the server never goes down.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy()
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'HPE_URI_TOO_LONG' ? 414 : 400
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
  })
  return new Promise((ok) =>
    server.listen(port, host, () => {
      const address = server.address()
      const actual = typeof address === 'object' && address ? address.port : port
      ok(Object.assign(server, { url: `http://${host}:${actual}` }))
    }),
  )
}
