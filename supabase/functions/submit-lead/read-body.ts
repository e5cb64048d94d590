// The request body of every route: at most 32 KB (counted while reading), UTF-8 only, one JSON
// object no deeper than a lead can be. Bytes that are not UTF-8 are a 400 naming the field that
// holds them (never stored as U+FFFD): the body is decoded with TextDecoder's fatal mode, and only
// when that fails, decoded again with each bad byte marked, to find the fields.
export const MAX_BODY_BYTES = 32 * 1024
/** Deeper JSON than any lead needs (the lead object holds one array) is refused, not walked. */
export const MAX_DEPTH = 4

export type Issue = { path: (string | number)[]; message: string }
export type BodyResult = { body: Record<string, unknown> } | { error: Issue[] | 'too_large' }

// U+FDD0 is a noncharacter: no form produces it. It stands in for each byte that is not UTF-8.
const MARK = '\ufdd0'
const MARK_BYTES = [0xef, 0xb7, 0x90]

export async function readBody(req: Request): Promise<BodyResult> {
  const bytes = await readLimited(req)
  if (bytes === 'too_large') return { error: 'too_large' }
  let raw: string
  try {
    raw = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { error: notUtf8Fields(bytes) }
  }
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    return { error: [{ path: [], message: 'The body is not JSON' }] }
  }
  if (tooDeep(body, 0)) return { error: [{ path: [], message: `JSON nested more than ${MAX_DEPTH} levels deep` }] }
  if (!isPlainObject(body)) return { error: [{ path: [], message: 'One JSON object expected' }] }
  return { body }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** The fields holding bytes that are not UTF-8, as lead paths (["name"]) where they are in the lead. */
function notUtf8Fields(bytes: Uint8Array): Issue[] {
  const marked: number[] = []
  for (let i = 0; i < bytes.length; ) {
    const n = utf8Length(bytes, i)
    if (n) {
      for (let k = 0; k < n; k++) marked.push(bytes[i + k] as number)
      i += n
    } else {
      marked.push(...MARK_BYTES)
      i++
    }
  }
  const whole: Issue = { path: [], message: 'The body is not UTF-8' }
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder().decode(new Uint8Array(marked)))
  } catch {
    return [whole]
  }
  const found: (string | number)[][] = []
  const walk = (v: unknown, at: (string | number)[], depth: number) => {
    if (typeof v === 'string') {
      if (v.includes(MARK)) found.push(at)
    } else if (typeof v === 'object' && v !== null && depth <= MAX_DEPTH) {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes(MARK)) found.push(at)
        walk(x, [...at, Array.isArray(v) ? Number(k) : k], depth + 1)
      }
    }
  }
  walk(body, [], 0)
  if (!found.length) return [whole]
  return found.map((p) => ({ path: p[0] === 'lead' ? p.slice(1) : p, message: 'form.error.invalid' }))
}

/** Length of the well-formed UTF-8 sequence at i, or 0 (overlong forms and surrogates are not). */
function utf8Length(b: Uint8Array, i: number): number {
  const c = b[i] as number
  if (c < 0x80) return 1
  const n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0
  if (!n || i + n > b.length) return 0
  let cp = c & (0xff >> (n + 1))
  for (let k = 1; k < n; k++) {
    const x = b[i + k] as number
    if ((x & 0xc0) !== 0x80) return 0
    cp = (cp << 6) | (x & 0x3f)
  }
  if (n === 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) return 0
  if (n === 4 && (cp < 0x10000 || cp > 0x10ffff)) return 0
  return n
}

/** The body's bytes, or 'too_large' past 32 KB (counted while reading, not from Content-Length). */
async function readLimited(req: Request): Promise<Uint8Array | 'too_large'> {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) return 'too_large'
  if (!req.body) return new Uint8Array()
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      return 'too_large'
    }
    chunks.push(value)
  }
  const all = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    all.set(c, at)
    at += c.byteLength
  }
  return all
}

// Stops at the first level past the limit, so a 32 KB body of brackets costs nothing.
function tooDeep(v: unknown, depth: number): boolean {
  if (typeof v !== 'object' || v === null) return false
  if (depth >= MAX_DEPTH) return true
  return Object.values(v).some((x) => tooDeep(x, depth + 1))
}
