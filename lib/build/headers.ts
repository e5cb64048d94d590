// Security headers for every response, in Netlify / Cloudflare Pages `_headers` format; the
// local preview server applies the same file. connect-src allows the Supabase backend the build
// targets (the local stand-in by default); hCaptcha's origins are listed only when the build has
// a site key (VITE_HCAPTCHA_SITE_KEY), so an unconfigured site allows no third-party script.
// scriptHashes: the CSP hashes of scripts inlined into pages (lib/build/inline-scripts.ts).
export type HeaderOptions = { hcaptcha?: boolean; scriptHashes?: string[] }

/** Two years, subdomains included (the site lives on www.<domain>); not preloaded: that is the owner's call. */
export const HSTS = 'max-age=63072000; includeSubDomains'

export function securityHeaders(supabaseUrl: string, { hcaptcha = false, scriptHashes = [] }: HeaderOptions = {}): Record<string, string> {
  const supabase = new URL(supabaseUrl).origin
  const captcha = (...sources: string[]) => (hcaptcha ? sources : [])
  const directive = (name: string, ...sources: string[]) => [name, ...sources].join(' ')
  const csp = [
    directive('default-src', "'self'"),
    // wasm-unsafe-eval: the site search (Pagefind) runs WebAssembly; it allows no JavaScript eval.
    directive('script-src', "'self'", "'wasm-unsafe-eval'", ...scriptHashes, ...captcha('https://js.hcaptcha.com', 'https://*.hcaptcha.com')),
    directive('style-src', "'self'", ...captcha('https://*.hcaptcha.com')),
    directive('img-src', "'self'", 'data:'),
    directive('font-src', "'self'"),
    directive('connect-src', "'self'", supabase, supabase.replace(/^http/, 'ws'), ...captcha('https://*.hcaptcha.com')),
    ...(hcaptcha ? [directive('frame-src', 'https://*.hcaptcha.com')] : []),
    directive('object-src', "'none'"),
    directive('base-uri', "'self'"),
    directive('form-action', "'self'"),
    directive('frame-ancestors', "'none'"),
  ].join('; ')
  return {
    'Content-Security-Policy': csp,
    'Strict-Transport-Security': HSTS,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  }
}

export const headersFile = (headers: Record<string, string>) =>
  `/*\n${Object.entries(headers)
    .map(([k, v]) => `  ${k}: ${v}`)
    .join('\n')}\n`
