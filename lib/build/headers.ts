// Security headers for every response, in Netlify / Cloudflare Pages `_headers` format; the
// local preview server applies the same list. connect-src allows the Supabase backend the build
// targets (the local stand-in by default), and hCaptcha when configured.
// scriptHashes: the CSP hashes of scripts inlined into pages (lib/build/inline-scripts.ts).
export function securityHeaders(supabaseUrl: string, scriptHashes: string[] = []): Record<string, string> {
  const supabase = new URL(supabaseUrl).origin
  const csp = [
    "default-src 'self'",
    // wasm-unsafe-eval: the site search (Pagefind) runs WebAssembly; it allows no JavaScript eval.
    `script-src 'self' 'wasm-unsafe-eval'${scriptHashes.map((h) => ` ${h}`).join('')} https://js.hcaptcha.com https://*.hcaptcha.com`,
    "style-src 'self' https://*.hcaptcha.com",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${supabase} ${supabase.replace(/^http/, 'ws')} https://*.hcaptcha.com`,
    'frame-src https://*.hcaptcha.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return {
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  }
}

export const headersFile = (headers: Record<string, string>) =>
  `/*\n${Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`).join('\n')}\n`
