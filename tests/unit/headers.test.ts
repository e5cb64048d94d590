// The security headers the build writes to _headers (and the CloudFront response function).
import { describe, expect, it } from 'vitest'
import { headersFile, securityHeaders } from '../../lib/build/headers'

const directives = (csp: string) =>
  new Map(
    csp.split('; ').map((d) => {
      const [name, ...v] = d.split(' ')
      return [name!, v]
    }),
  )

describe('security headers', () => {
  it('send HSTS for two years, subdomains included, not preloaded', () => {
    const twoYears = 2 * 365 * 24 * 60 * 60
    for (const hcaptcha of [false, true]) {
      const headers = securityHeaders('https://abcd.supabase.co', { hcaptcha })
      expect(headers['Strict-Transport-Security']).toBe(`max-age=${twoYears}; includeSubDomains`)
      // As a host reads the file the build writes.
      expect(headersFile(headers).split('\n')).toContain(`  Strict-Transport-Security: max-age=${twoYears}; includeSubDomains`)
    }
  })

  it('list no hCaptcha origin when no site key is configured', () => {
    const csp = securityHeaders('https://abcd.supabase.co')['Content-Security-Policy']!
    expect(csp).not.toContain('hcaptcha')
    expect(directives(csp).get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"])
    expect(directives(csp).has('frame-src')).toBe(false)
  })

  it('allow hCaptcha script, style, frame and connect when a site key is configured', () => {
    const d = directives(securityHeaders('https://abcd.supabase.co', { hcaptcha: true })['Content-Security-Policy']!)
    expect(d.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://js.hcaptcha.com', 'https://*.hcaptcha.com'])
    expect(d.get('frame-src')).toEqual(['https://*.hcaptcha.com'])
    expect(d.get('connect-src')).toEqual(["'self'", 'https://abcd.supabase.co', 'wss://abcd.supabase.co', 'https://*.hcaptcha.com'])
  })

  it('never allow eval or inline script: WebAssembly (site search) and inlined scripts by their hash only', () => {
    for (const hcaptcha of [false, true]) {
      const csp = securityHeaders('https://abcd.supabase.co', { hcaptcha, scriptHashes: ["'sha256-abc='"] })['Content-Security-Policy']!
      expect(csp).not.toMatch(/'unsafe-eval'|'unsafe-inline'/)
      expect(directives(csp).get('script-src')).toContain("'sha256-abc='")
    }
  })

  it('write the _headers format for every path', () => {
    expect(headersFile({ A: '1', B: '2' })).toBe('/*\n  A: 1\n  B: 2\n')
  })
})
