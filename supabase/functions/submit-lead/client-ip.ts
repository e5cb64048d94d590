// Who the client is, for the per-client rate limit: decided by the deployment (CLIENT_IP_SOURCE),
// never by the client.
//
// In front of a hosted Edge Function sit Cloudflare and Supabase's gateway. Cloudflare sets
// CF-Connecting-IP to the address it received the connection from (a client-sent value is
// overwritten). X-Forwarded-For is different: a value the client sent survives, and each proxy
// appends the address it saw, so only the rightmost entry was written by a trusted hop; the
// leftmost is whatever the client typed. docs/BACKEND.md ("Who the client is") has the sources.
//
// The key is normalised so that one machine cannot become many clients by spelling: IPv4 in its
// dotted form (URL parsing turns "0x7f.1" and "127.000.000.001" into 127.0.0.1), IPv4-mapped
// IPv6 as IPv4, IPv6 lower-case and compressed, and IPv6 cut to its /64 (one subscriber's
// network: a host picks any address inside it at will).

/** Where the deployment learns the client's address (CLIENT_IP_SOURCE; docs/BACKEND.md, "Who the client is"). */
export const CLIENT_IP_SOURCES = ['cf-connecting-ip', 'x-forwarded-for', 'socket'] as const
export type ClientIpSource = (typeof CLIENT_IP_SOURCES)[number]

export const isClientIpSource = (v: string | undefined): v is ClientIpSource => (CLIENT_IP_SOURCES as readonly string[]).includes(v ?? '')

/**
 * The client's bucket, from the one source the deployment trusts:
 * - cf-connecting-ip: Cloudflare (or a proxy that overwrites it like Cloudflare) stands in front;
 * - x-forwarded-for: a proxy that appends the address it saw; only the rightmost entry is its own;
 * - socket: nothing stands in front; the connection's own address.
 * Without a source (development only), the first of the three that is present.
 */
export function clientKey(headers: Headers, source?: ClientIpSource, socketAddress?: string): string | undefined {
  const cf = () => headers.get('cf-connecting-ip') ?? undefined
  const forwarded = () => headers.get('x-forwarded-for')?.split(',').at(-1)
  const candidates =
    source === 'cf-connecting-ip'
      ? [cf()]
      : source === 'x-forwarded-for'
        ? [forwarded()]
        : source === 'socket'
          ? [socketAddress]
          : [cf(), forwarded(), socketAddress]
  for (const candidate of candidates) {
    const key = candidate ? normaliseAddress(candidate) : undefined
    if (key) return key
  }
  return undefined
}

/** The bucket an address falls into: "v4:a.b.c.d" or "v6:xxxx:xxxx:xxxx:xxxx::/64"; undefined if it is no address. */
export function normaliseAddress(raw: string): string | undefined {
  let s = raw.trim()
  if (!s) return undefined
  // "[2001:db8::1]:443" and "192.0.2.1:443" carry a port; a bare IPv6 has several colons.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s)
  if (bracketed) s = bracketed[1] as string
  else if (/^[^:]+:\d+$/.test(s)) s = s.slice(0, s.lastIndexOf(':'))
  s = s.replace(/%.*$/, '') // zone index (fe80::1%eth0)
  if (s.includes(':')) {
    const v6 = parseHost(`[${s}]`)
    if (!v6) return undefined
    const groups = expandV6(v6.slice(1, -1))
    if (!groups) return undefined
    // ::ffff:a.b.c.d is an IPv4 client reached over IPv6.
    if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
      const [hi, lo] = [groups[6] as number, groups[7] as number]
      return `v4:${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
    }
    return `v6:${groups
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':')}::/64`
  }
  const v4 = parseHost(s)
  return v4 && /^\d{1,3}(\.\d{1,3}){3}$/.test(v4) ? `v4:${v4}` : undefined
}

function parseHost(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname
  } catch {
    return undefined
  }
}

// URL has already validated and compressed the address; expand it to eight 16-bit groups.
function expandV6(s: string): number[] | undefined {
  let text = s
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const parts = (p: string) => (p ? p.split(':').map((h) => Number.parseInt(h, 16)) : [])
  const left = parts(head)
  const right = tail === undefined ? [] : parts(tail)
  const fill = tail === undefined ? 0 : 8 - left.length - right.length
  const groups = [...left, ...Array<number>(fill).fill(0), ...right]
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined
}
