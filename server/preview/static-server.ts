// The local preview server: serves dist/client like a static host does, with the same
// _redirects (301), _headers, and the nearest localized 404.html with status 404.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.ico': 'image/x-icon',
}

function parseHeaders(file: string): Record<string, string> {
  if (!existsSync(file)) return {}
  const pairs = readFileSync(file, 'utf8').split('\n').filter((l) => /^\s+\S+:/.test(l))
  return Object.fromEntries(pairs.map((l) => { const i = l.indexOf(':'); return [l.slice(0, i).trim(), l.slice(i + 1).trim()] }))
}

function parseRedirects(file: string): Map<string, string> {
  if (!existsSync(file)) return new Map()
  return new Map(readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => l.split(/\s+/) as [string, string]))
}

export function startStaticServer({ root, port, host = '127.0.0.1' }: { root: string; port: number; host?: string }): Promise<Server & { url: string }> {
  const dir = resolve(root)
  const headers = parseHeaders(join(dir, '_headers'))
  const redirects = parseRedirects(join(dir, '_redirects'))
  const fileFor = (pathname: string) => {
    const safe = normalize(pathname).replace(/^(\.\.[/\\])+/, '')
    for (const candidate of [join(dir, safe), join(dir, safe, 'index.html'), join(dir, `${safe}.html`)]) {
      if (candidate.startsWith(dir) && existsSync(candidate) && statSync(candidate).isFile()) return candidate
    }
    return undefined
  }
  const notFoundFor = (pathname: string) => {
    const locale = pathname.split('/')[1]
    const localized = locale && join(dir, locale, '404.html')
    return localized && existsSync(localized) ? localized : join(dir, '404.html')
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      pathname = '/'
    }
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
    const target = redirects.get(clean)
    if (target) {
      res.writeHead(301, { Location: target + url.search }).end()
      return
    }
    const file = pathname.startsWith('/_') ? undefined : fileFor(pathname)
    const status = file ? 200 : 404
    const path = file ?? notFoundFor(pathname)
    res.writeHead(status, {
      'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
      'Cache-Control': path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    if (req.method === 'HEAD') res.end()
    else createReadStream(path).pipe(res)
  })
  return new Promise((ok) => server.listen(port, host, () => {
    const address = server.address()
    const actual = typeof address === 'object' && address ? address.port : port
    ok(Object.assign(server, { url: `http://${host}:${actual}` }))
  }))
}
