// A local, embedded stand-in for the slice of Supabase the site uses (GoTrue password + TOTP
// sessions, PostgREST on public.leads), over PGlite with the project's real migrations.
// Local development and tests only: fixed demo secret, loopback only.
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir } from 'node:fs/promises'
import type { PGlite } from '@electric-sql/pglite'
import { openDb } from './db'
import { lockDataDir } from './lock'
import { checkDataDir, DataDirError, DEFAULT_DATA_DIR } from './data-dir'
import { HttpError, applyCors, bearerToken, isLoopbackHost, sendEmpty, sendJson } from './http'
import { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY, TokenError, apiKeyRole, verifyToken, type Claims } from './jwt'
import { seedAdmin, type AuthConfig } from './auth-store'
import { handleAuth } from './auth'
import { handleRest, loadTables, type RestConfig } from './rest'
import { authThrottles, type ThrottleOptions } from './throttle'
import { GATEWAY_IP_SOURCE, handleFunction, localFunctions, type FunctionHandlers, type Gateway } from './functions'
import { depsFromEnv, type SubmitLeadDeps } from '../../supabase/functions/submit-lead/index'

export { ADMIN_EMAIL, ADMIN_PASSWORD } from './auth-store'
export { DataDirError, DEFAULT_DATA_DIR } from './data-dir'
export { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY, LOCAL_JWT_SECRET } from './jwt'

export const DEFAULT_PORT = 54321
const HOST = '127.0.0.1'
// Tables the REST API exposes; everything else answers 404 as if it did not exist.
const EXPOSED_TABLES = ['leads', 'lead_deliveries', 'contacts']

export interface LocalSupabaseOptions {
  /** 0 picks a free port. Default 54321, the Supabase CLI's port. */
  port?: number
  /** Persistent database directory. Default: <project>/.data/pglite */
  dataDir?: string
  /** In-memory database (tests); wins over dataDir. */
  memory?: boolean
  migrationsDir?: string
  /** Access token lifetime in seconds (GoTrue default 3600). */
  jwtExpiry?: number
  /** Seconds during which a just-rotated refresh token still works (GoTrue default 10). */
  refreshReuseSeconds?: number
  /** Called once per request with a short access-log line. */
  log?: (line: string) => void
  /** Where lead mails go (smtp://host:port). Default: the SMTP_URL environment variable. */
  smtpUrl?: string
  /** Overrides for the submit-lead function (captcha, rate limit, mail retries; tests). */
  submitLead?: Partial<Omit<SubmitLeadDeps, 'store'>>
  /** Limits on wrong passwords and TOTP codes (defaults as hosted Supabase Auth: 5 / 15 min). */
  throttle?: ThrottleOptions
  /**
   * Act as if a trusted proxy stood in front: the client address is the rightmost entry of the
   * request's X-Forwarded-For (tests playing several clients); default: the socket address.
   */
  trustForwardedFor?: boolean
  /**
   * The deployment shape played in front of the function, and the CLIENT_IP_SOURCE it is given:
   * cloudflare (default; cf-connecting-ip), appending-proxy (x-forwarded-for), direct (socket).
   */
  gateway?: Gateway
  /** How often leads stuck "pending" are sent again (ms; default 60 s, never for in-memory databases; 0 = never). */
  retryPendingEveryMs?: number
}

export interface LocalSupabase {
  url: string
  /** The legacy anon JWT and its new form, sb_publishable_…: both are accepted. */
  anonKey: string
  publishableKey: string
  /** Bypass RLS (legacy JWT and sb_secret_…). For local scripts and tests; never in browser code. */
  serviceRoleKey: string
  secretKey: string
  /** The database itself, for test assertions. */
  db: PGlite
  stop(): Promise<void>
}

export async function startLocalSupabase(opts: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  let dataDir: string | undefined
  let unlock = async () => {}
  if (!opts.memory) {
    dataDir = opts.dataDir ?? DEFAULT_DATA_DIR
    // Checked before anything is written there (even the lock file): a damaged directory is
    // reported, never "repaired" by a fresh initialisation.
    await checkDataDir(dataDir)
    await mkdir(dataDir, { recursive: true })
    unlock = await lockDataDir(dataDir)
  }
  const where = dataDir
  const db = await openDb({ dataDir, migrationsDir: opts.migrationsDir }).catch(async (e: unknown) => {
    await unlock()
    if (where && !(e instanceof DataDirError)) {
      throw new DataDirError(`Could not open the local database in ${where}: ${e instanceof Error ? e.message : String(e)}`)
    }
    throw e
  })
  try {
    await seedAdmin(db)
    const rest: RestConfig = { db, tables: await loadTables(db, EXPOSED_TABLES), functions: new Map() }
    const env = (name: string) => process.env[name]?.trim() || undefined
    const server = http.createServer()
    const port = await listen(server, opts.port ?? DEFAULT_PORT)
    const url = `http://${HOST}:${port}`
    const auth: AuthConfig = {
      db,
      issuer: `${url}/auth/v1`,
      jwtExpiry: opts.jwtExpiry ?? 3600,
      refreshReuseSeconds: opts.refreshReuseSeconds ?? 10,
      throttles: authThrottles(opts.throttle),
    }
    // EdgeRuntime.waitUntil's stand-in: mail work outlives the response, and stop() lets it finish.
    const inFlight = new Set<Promise<unknown>>()
    const waitUntil = (p: Promise<unknown>) => {
      const tracked = p.catch(() => undefined).finally(() => inFlight.delete(tracked))
      inFlight.add(tracked)
    }
    // The function reads its settings as on Supabase (depsFromEnv), with what the platform would
    // set given by this server: its URL and its keys.
    const platform: Record<string, string | undefined> = {
      SUPABASE_URL: url,
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: LOCAL_SECRET_KEY }),
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: LOCAL_PUBLISHABLE_KEY }),
      RATE_LIMIT_SALT: env('RATE_LIMIT_SALT') ?? 'local-supabase',
      SMTP_URL: opts.smtpUrl ?? env('SMTP_URL'),
      CLIENT_IP_SOURCE: GATEWAY_IP_SOURCE[opts.gateway ?? 'cloudflare'],
    }
    const submitLead = depsFromEnv((name) => (name in platform ? platform[name] || undefined : env(name)))
    const functions = localFunctions({
      ...submitLead,
      waitUntil,
      allowOrigin: (origin) => LOOPBACK_ORIGIN.test(origin),
      ...opts.submitLead,
      notify: { ...submitLead.notify, ...opts.submitLead?.notify },
      webhook: { ...submitLead.webhook, ...opts.submitLead?.webhook },
    })
    const ctx: RouteContext = { auth, rest, functions, base: url, trustForwardedFor: opts.trustForwardedFor ?? false, gateway: opts.gateway ?? 'cloudflare' }
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const started = Date.now()
      res.on('finish', () => opts.log?.(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`))
      route(ctx, req, res).catch((e: unknown) => fail(res, e))
    })
    // The scheduled job of production (docs/BACKEND.md): re-drive the mails and webhook deliveries that are due.
    const retryEvery = opts.retryPendingEveryMs ?? (opts.memory ? 0 : 60_000)
    const retryTimer =
      retryEvery > 0
        ? setInterval(() => {
            const req = new Request(`${url}/functions/v1/submit-lead/retry-pending`, {
              method: 'POST',
              headers: { apikey: LOCAL_SECRET_KEY, 'Content-Type': 'application/json' },
              body: '{}',
            })
            const run = functions['submit-lead']?.(req)
            if (run) waitUntil(run.catch((e: unknown) => console.error('[local-supabase] retry-pending failed', e)))
          }, retryEvery)
        : undefined
    retryTimer?.unref()
    return {
      url,
      anonKey: LOCAL_ANON_KEY,
      publishableKey: LOCAL_PUBLISHABLE_KEY,
      serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
      secretKey: LOCAL_SECRET_KEY,
      db: db.pg,
      stop: async () => {
        clearInterval(retryTimer)
        await Promise.all([...inFlight])
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        })
        await db.close()
        await unlock()
      },
    }
  } catch (e) {
    await db.close()
    await unlock()
    throw e
  }
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => reject(e.code === 'EADDRINUSE' ? new Error(`Port ${port} on ${HOST} is already in use`) : e))
    server.listen(port, HOST, () => resolve((server.address() as AddressInfo).port))
  })
}

const LOOPBACK_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/

interface RouteContext {
  auth: AuthConfig
  rest: RestConfig
  functions: FunctionHandlers
  base: string
  trustForwardedFor: boolean
  gateway: Gateway
}

async function route(ctx: RouteContext, req: IncomingMessage, res: ServerResponse) {
  const { auth, rest, base } = ctx
  if (!isLoopbackHost(req)) throw new HttpError(403, { message: 'Only loopback host names are served' })
  applyCors(req, res)
  if (req.method === 'OPTIONS') return sendEmpty(res, 204)
  const url = new URL(req.url ?? '/', base)
  const [, service, version, ...parts] = url.pathname.split('/')
  const subpath = `/${parts.join('/')}`
  if (version !== 'v1' || (service !== 'auth' && service !== 'rest' && service !== 'functions')) {
    throw new HttpError(404, { message: `No route for ${req.method} ${url.pathname} on the local Supabase server` })
  }
  // Like Kong in front of hosted Supabase: no valid project key, no entry.
  const apikeyClaims = await apiKeyClaims(req, url)
  if (service === 'auth') return handleAuth(auth, req, res, url, subpath)
  if (service === 'functions') return handleFunction(ctx.functions, parts.join('/'), req, res, url, ctx.trustForwardedFor, ctx.gateway)
  return handleRest(rest, req, res, url, subpath, await requestClaims(req, apikeyClaims))
}

// Like the hosted gateway: the apikey header (or ?apikey=) must hold a project key, in its new
// form (sb_publishable_…, sb_secret_…) or its legacy JWT form.
async function apiKeyClaims(req: IncomingMessage, url: URL): Promise<Claims> {
  const header = req.headers.apikey
  const key = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey')
  if (!key) throw new HttpError(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' })
  const role = await apiKeyRole(key)
  if (role) return { role }
  throw new HttpError(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' })
}

// PostgREST trusts the Authorization JWT; without one, the apikey's own role applies. A bearer
// that is itself a project key (supabase-js sends its key there before anyone signs in) counts
// as that key, as on the hosted gateway.
async function requestClaims(req: IncomingMessage, apikeyClaims: Claims): Promise<Claims> {
  const token = bearerToken(req)
  if (!token) return apikeyClaims
  if (token.startsWith('sb_')) {
    const role = await apiKeyRole(token)
    if (role) return { role }
  }
  try {
    return await verifyToken(token)
  } catch (e) {
    const expired = e instanceof TokenError && e.expired
    const message = expired ? 'JWT expired' : e instanceof Error ? e.message : 'invalid JWT'
    throw new HttpError(
      401,
      { code: expired ? 'PGRST303' : 'PGRST301', message, details: null, hint: null },
      {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
      },
    )
  }
}

function fail(res: ServerResponse, e: unknown): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  if (e instanceof HttpError) {
    sendJson(res, e.status, e.body, e.headers)
    return
  }
  console.error('[local-supabase]', e)
  sendJson(res, 500, { code: 'XX000', message: e instanceof Error ? e.message : 'Internal error', details: null, hint: null })
}
