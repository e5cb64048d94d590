// The `_redirects` and `_headers` files as Cloudflare Pages reads them (the same rules engine:
// a rule's path is matched against the request's raw pathname as a whole, `*` is a splat and
// `:name` a placeholder). Netlify reads the same files; docs/HOSTING.md says where they differ.

export type Redirect = { to: string; status: number }
export type HeaderRule = { set: Record<string, string>; unset: string[] }

type Compiled<T> = { regExp: RegExp; value: T }

const escapeRegex = (s: string) => s.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')

function compile<T>(rule: string, value: T): Compiled<T> | undefined {
  let source = rule.split('*').map(escapeRegex).join('(?<splat>.*)')
  for (const [token, name] of source.matchAll(/:([A-Za-z]\w*)/g)) source = source.split(token).join(`(?<${name}>[^/]+)`)
  try {
    return { regExp: new RegExp(`^${source}$`), value }
  } catch {
    return undefined
  }
}

const substitute = (text: string, groups: Record<string, string> = {}) => Object.entries(groups).reduce((s, [name, v]) => s.replaceAll(`:${name}`, v), text)

const PERMITTED = new Set([200, 301, 302, 303, 307, 308])

/** `from to [status]` per line; static rules (no splat or placeholder) match exactly and first. */
export function parseRedirects(text: string) {
  const exact = new Map<string, Redirect>()
  const dynamic: Compiled<Redirect>[] = []
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const [from, to, code = '302', ...rest] = line.replace(/\s+#.*$/, '').split(/\s+/)
    const status = Number(code)
    if (!from || !to || rest.length || !from.startsWith('/') || !PERMITTED.has(status) || status === 200) continue
    if (/[*:]/.test(from)) {
      const c = compile(from, { to, status })
      if (c) dynamic.push(c)
    } else if (!exact.has(from)) exact.set(from, { to, status })
  }
  return (pathname: string): Redirect | undefined => {
    const hit = exact.get(pathname)
    if (hit) return hit
    for (const rule of dynamic) {
      const m = rule.regExp.exec(pathname)
      if (m) return { status: rule.value.status, to: substitute(rule.value.to, m.groups) }
    }
    return undefined
  }
}

/** A path line, then indented `Name: value` lines (`! Name` removes a header). */
export function parseHeaders(text: string) {
  const rules: Compiled<HeaderRule>[] = []
  let current: HeaderRule | undefined
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue
    if (!/^\s/.test(raw)) {
      current = { set: {}, unset: [] }
      const c = compile(raw.trim(), current)
      if (c) rules.push(c)
      continue
    }
    if (!current) continue
    const line = raw.trim()
    if (line.startsWith('!')) current.unset.push(line.slice(1).trim().toLowerCase())
    else if (line.includes(':')) {
      const i = line.indexOf(':')
      current.set[line.slice(0, i).trim()] = line.slice(i + 1).trim()
    }
  }
  /** Applies every matching rule in file order (a repeated header name is appended). */
  return (pathname: string, headers: Headers) => {
    const seen = new Set<string>()
    for (const rule of rules) {
      const m = rule.regExp.exec(pathname)
      if (!m) continue
      for (const name of rule.value.unset) headers.delete(name)
      for (const [name, value] of Object.entries(rule.value.set)) {
        const v = substitute(value, m.groups)
        if (seen.has(name.toLowerCase())) headers.append(name, v)
        else {
          headers.set(name, v)
          seen.add(name.toLowerCase())
        }
      }
    }
  }
}
