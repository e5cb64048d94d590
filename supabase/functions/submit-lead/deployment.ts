// Whether this function runs in production, and the settings production may not go without.
//
// Production is any deployment whose SUPABASE_URL is not a loopback address (a hosted project,
// a self-hosted server); the local backend and `deno serve` against it are development.
// SUBMIT_LEAD_MODE=production|development says it outright (the tests play production with it;
// the Supabase CLI's own local stack, whose SUPABASE_URL is http://kong:8000, needs
// SUBMIT_LEAD_MODE=development). A production function missing a required setting does not guess:
// every request is answered 503 with the names of the settings missing (docs/BACKEND.md).
import type { Env } from './env.ts'

/** A setting production needs is missing or wrong; the message names it. */
export class ConfigError extends Error {}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i

export function isProduction(env: Env): boolean {
  const mode = env('SUBMIT_LEAD_MODE')
  if (mode === 'production') return true
  if (mode === 'development') return false
  if (mode) throw new ConfigError(`SUBMIT_LEAD_MODE is "${mode}"; use production or development`)
  try {
    return !LOOPBACK.test(new URL(env('SUPABASE_URL') ?? '').hostname)
  } catch {
    return true
  }
}

/** Throws one ConfigError naming every required setting that is missing, with why it is needed. */
export function requireSettings(missing: [name: string, why: string][]): void {
  if (!missing.length) return
  throw new ConfigError(
    `submit-lead refuses to serve in production without ${missing.map(([n]) => n).join(', ')}: ${missing.map(([n, why]) => `${n} ${why}`).join('; ')}`,
  )
}
