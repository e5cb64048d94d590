// The PostgREST (/rest/v1) subset: read, insert (and, so that the database can refuse them,
// update/delete) on exposed tables. Every request runs as the JWT's role with its claims set,
// so the migration's grants and RLS policies decide, exactly as on hosted Supabase.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db, Tx } from './db'
import { HttpError, isObject, readJson, sendEmpty, sendJson } from './http'
import type { Claims } from './jwt'
import { parseQuery, quoteIdent, requireColumn, unsupported, type ParsedQuery, type TableInfo } from './rest-query'

export interface RestConfig {
  db: Db
  tables: Map<string, TableInfo>
  /**
   * The public functions' signatures by name, read from pg_proc on a function's first call and
   * kept, as PostgREST keeps them in its schema cache: no call pays for the catalog lookup again.
   */
  functions: Map<string, Promise<FunctionCandidate[]>>
}

export async function loadTables(db: Db, names: string[]): Promise<Map<string, TableInfo>> {
  const tables = new Map<string, TableInfo>()
  await db.admin(async (tx) => {
    for (const name of names) {
      const { rows } = await tx.query<{ attname: string; type: string }>(
        `select attname, format_type(atttypid, atttypmod) as type from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
        [`public.${name}`],
      )
      tables.set(name, { name, columns: new Map(rows.map((r) => [r.attname, r.type])) })
    }
  })
  return tables
}

interface Prefs {
  representation: boolean
  count: boolean
  missingDefault: boolean
}

function preferences(req: IncomingMessage): Prefs {
  const tokens = String(req.headers.prefer ?? '')
    .split(',')
    .map((t) => t.trim())
  if (tokens.some((t) => t.startsWith('resolution=') || t === 'tx=rollback')) throw unsupported(`Prefer: ${req.headers.prefer}`)
  return {
    representation: tokens.includes('return=representation'),
    count: tokens.some((t) => /^count=(exact|planned|estimated)$/.test(t)),
    missingDefault: tokens.includes('missing=default'),
  }
}

// `.single()` asks for one object; anything else we cannot produce must fail, not degrade.
function wantsSingleObject(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? ''
  if (accept.includes('application/vnd.pgrst.object+json')) return true
  if (accept === '' || /application\/json|\*\/\*/.test(accept)) return false
  throw new HttpError(406, { code: 'PGRST107', message: `None of these media types are available: ${accept}`, details: null, hint: null })
}

export async function handleRest(cfg: RestConfig, req: IncomingMessage, res: ServerResponse, url: URL, path: string, claims: Claims) {
  const profile = req.headers['accept-profile'] ?? req.headers['content-profile']
  if (profile !== undefined && profile !== 'public') {
    throw new HttpError(406, { code: 'PGRST106', message: 'The schema must be one of the following: public', details: null, hint: null })
  }
  const name = path.replace(/^\//, '')
  if (name.startsWith('rpc/')) return handleRpc(cfg, req, res, url, name.slice(4), claims)
  const table = cfg.tables.get(name)
  if (!table) {
    throw new HttpError(404, { code: 'PGRST205', message: `Could not find the table 'public.${name}' in the schema cache`, details: null, hint: null })
  }
  const method = req.method ?? 'GET'
  const q = parseQuery(table, url.searchParams)
  const prefs = preferences(req)
  const single = wantsSingleObject(req)
  const body = method === 'POST' || method === 'PATCH' ? await readJson(req) : undefined
  const returning = prefs.representation || single

  const result = await runAs(cfg.db, claims, method, async (tx) => {
    let rows: unknown[]
    let total: number | undefined
    if (method === 'GET' || method === 'HEAD') {
      rows = await select(tx, table, q)
      if (prefs.count) total = await count(tx, table, q)
    } else if (method === 'POST') rows = await insert(tx, table, q, body, prefs, returning)
    else if (method === 'PATCH') rows = await update(tx, table, q, body, returning)
    else if (method === 'DELETE') rows = await remove(tx, table, q, returning)
    else throw new HttpError(405, { code: 'PGRST117', message: `Unsupported HTTP method: ${method}`, details: null, hint: null })
    if (single && rows.length !== 1) {
      // Thrown inside the transaction so a write that matched the wrong number of rows rolls back.
      throw new HttpError(406, {
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: `The result contains ${rows.length} rows`,
        hint: null,
      })
    }
    return { rows, total }
  })

  const payload = single ? result.rows[0] : result.rows
  if (method === 'GET' || method === 'HEAD') {
    const from = q.offset ?? 0
    const total = result.total
    // PostgREST's rule (with a known total): an offset past the end is 416 PGRST103; a page
    // that is not the whole set is 206 Partial Content; otherwise 200.
    if (total !== undefined && from > total) {
      throw new HttpError(
        416,
        {
          code: 'PGRST103',
          message: 'Requested range not satisfiable',
          details: `An offset of ${from} was requested, but there are only ${total} rows.`,
          hint: null,
        },
        { 'Content-Range': `*/${total}` },
      )
    }
    const range = result.rows.length ? `${from}-${from + result.rows.length - 1}` : '*'
    const headers = { 'Content-Range': `${range}/${total ?? '*'}` }
    const status = total !== undefined && result.rows.length < total ? 206 : 200
    if (method === 'HEAD') return sendEmpty(res, status, headers)
    return sendJson(res, status, payload, headers)
  }
  const status = method === 'POST' ? 201 : returning ? 200 : 204
  return returning ? sendJson(res, status, payload) : sendEmpty(res, status)
}

// PostgREST's mapping of SQLSTATEs to HTTP statuses, for the errors these statements can raise.
function statusFor(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '23505' || code === '23503' || code === '23P01') return 409
  if (code === '42P01' || code === '42883') return 404
  if (/^(22|23|42)/.test(code) || code === 'P0001') return 400
  return 500
}

async function runAs<T>(db: Db, claims: Claims, method: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.asRequest(claims, method, fn)
  } catch (e) {
    const err = e as { code?: unknown; message?: string; detail?: string; hint?: string }
    if (e instanceof HttpError || typeof err.code !== 'string' || !/^[0-9A-Z]{5}$/.test(err.code)) throw e
    throw new HttpError(statusFor(err.code, claims.role), {
      code: err.code,
      message: err.message ?? 'database error',
      details: err.detail ?? null,
      hint: err.hint ?? null,
    })
  }
}

const limitSql = (q: ParsedQuery) => `${q.limit !== undefined ? `limit ${q.limit}` : ''} ${q.offset !== undefined ? `offset ${q.offset}` : ''}`

async function select(tx: Tx, table: TableInfo, q: ParsedQuery): Promise<unknown[]> {
  const sql = `select ${q.projection} as row from public.${quoteIdent(table.name)} t ${q.where} ${q.orderBy} ${limitSql(q)}`
  return (await tx.query<{ row: unknown }>(sql, q.params)).rows.map((r) => r.row)
}

async function count(tx: Tx, table: TableInfo, q: ParsedQuery): Promise<number> {
  const sql = `select count(*)::int as n from public.${quoteIdent(table.name)} t ${q.where}`
  return (await tx.query<{ n: number }>(sql, q.params)).rows[0]?.n ?? 0
}

// Like PostgREST: json_populate_record lets Postgres itself convert JSON to column types, so a
// bad value fails with the database's own error (22P02 and friends), not ours.
async function insert(tx: Tx, table: TableInfo, q: ParsedQuery, body: unknown, prefs: Prefs, returning: boolean) {
  const items = Array.isArray(body) ? body : [body]
  if (!items.every(isObject)) throw new HttpError(400, { code: 'PGRST102', message: 'All object keys must match', details: null, hint: null })
  const union = [...new Set(items.flatMap((i) => Object.keys(i)))]
  const out: unknown[] = []
  for (const item of items) {
    // Without missing=default, a key absent from this row but present in the batch means NULL.
    const cols = prefs.missingDefault ? Object.keys(item) : (q.columns ?? union)
    const list = cols.map((c) => requireColumn(table, c)).join(', ')
    const target = `public.${quoteIdent(table.name)} as t`
    const source = `select ${list} from json_populate_record(null::public.${quoteIdent(table.name)}, $1::json)`
    const sql = cols.length ? `insert into ${target} (${list}) ${source}` : `insert into ${target} default values`
    const { rows } = await tx.query<{ row: unknown }>(
      `${sql} ${returning ? `returning ${q.projection} as row` : ''}`,
      cols.length ? [JSON.stringify(item)] : [],
    )
    out.push(...rows.map((r) => r.row))
  }
  return out
}

async function update(tx: Tx, table: TableInfo, q: ParsedQuery, body: unknown, returning: boolean) {
  if (!isObject(body)) throw unsupported('a PATCH body that is not a JSON object')
  const cols = Object.keys(body)
  if (!cols.length) return []
  const assignments = cols.map((c) => `${requireColumn(table, c)} = r.${quoteIdent(c)}`).join(', ')
  const n = q.params.length + 1
  const sql = `update public.${quoteIdent(table.name)} as t set ${assignments}
    from json_populate_record(null::public.${quoteIdent(table.name)}, $${n}::json) r
    ${q.where} ${returning ? `returning ${q.projection} as row` : ''}`
  return (await tx.query<{ row: unknown }>(sql, [...q.params, JSON.stringify(body)])).rows.map((r) => r.row)
}

async function remove(tx: Tx, table: TableInfo, q: ParsedQuery, returning: boolean) {
  const sql = `delete from public.${quoteIdent(table.name)} as t ${q.where} ${returning ? `returning ${q.projection} as row` : ''}`
  return (await tx.query<{ row: unknown }>(sql, q.params)).rows.map((r) => r.row)
}

interface RpcFunction {
  args: { name: string; type: string }[]
  returnsSet: boolean
  /** Composite or TABLE result: rows are objects. */
  returnsRows: boolean
  returnsVoid: boolean
}

// POST /rest/v1/rpc/<fn> with a JSON object of named arguments, like PostgREST: the function
// runs as the request's role, so EXECUTE grants and (for security invoker functions) RLS decide.
// Only functions in the public schema. PostgREST's rules: an argument with a DEFAULT may be left
// out (the call names only the arguments sent, so PostgreSQL fills in the defaults), and a
// function returning void answers 204 No Content.
async function handleRpc(cfg: RestConfig, req: IncomingMessage, res: ServerResponse, url: URL, name: string, claims: Claims) {
  const method = req.method ?? 'GET'
  const query = [...url.searchParams].filter(([k]) => k !== 'apikey')
  let body: unknown
  if (method === 'POST') {
    // Filters, order and paging over a function's result are not implemented here.
    if (query.length) throw unsupported(`query parameters on POST /rpc/${name} (${query.map(([k]) => k).join(', ')})`)
    body = (await readJson(req)) ?? {}
  } else if (method === 'GET') {
    // PostgREST's GET form: each query parameter is one named argument.
    body = Object.fromEntries(query)
    if (query.length !== Object.keys(body as object).length) throw unsupported(`a repeated argument on GET /rpc/${name}`)
  } else {
    throw new HttpError(405, { code: 'PGRST101', message: 'Only GET and POST are allowed for functions', details: null, hint: null })
  }
  const prefer = String(req.headers.prefer ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  if (prefer.some((t) => t !== 'return=representation' && t !== 'return=minimal')) throw unsupported(`Prefer: ${req.headers.prefer} on /rpc/${name}`)
  if (!isObject(body)) throw unsupported('an RPC body that is not a JSON object of named arguments')
  const keys = Object.keys(body).sort()
  const fn = await findFunction(cfg, name, keys)
  // As PostgREST does: the JSON object becomes a record of the arguments' own types
  // (json_to_record), so arrays, objects and numbers convert the way PostgreSQL converts JSON.
  const present = fn.args.filter((a) => a.name in body)
  const record = present.map((a) => `${quoteIdent(a.name)} ${a.type}`).join(', ')
  const call = `public.${quoteIdent(name)}(${present.map((a) => `${quoteIdent(a.name)} => x.${quoteIdent(a.name)}`).join(', ')})`
  const from = present.length ? `from json_to_record($1::json) as x(${record})` : ''
  const params = present.length ? [JSON.stringify(body)] : []
  const sql =
    fn.returnsSet || fn.returnsRows
      ? `select coalesce(json_agg(to_json(r)), '[]'::json) as v ${from ? `${from}, lateral` : 'from'} ${call} r`
      : `select to_json(${call}) as v ${from}`
  const rows = await runAs(cfg.db, claims, method, async (tx) => (await tx.query<{ v: unknown }>(sql, params)).rows)
  if (fn.returnsVoid) return sendEmpty(res, 204)
  let value = rows[0]?.v ?? null
  if (fn.returnsRows && !fn.returnsSet && Array.isArray(value)) value = value[0] ?? null
  return sendJson(res, 200, value)
}

interface FunctionCandidate {
  names: string[] | null
  types: string[]
  defaults: number
  retset: boolean
  rettype: string
  retname: string
}

/** Every overload of public.<name>, with its arguments' names and types. */
async function functionCandidates(db: Db, name: string): Promise<FunctionCandidate[]> {
  return db.admin(
    async (tx) =>
      (
        await tx.query<FunctionCandidate>(
          `select p.proargnames as names,
                array(select format_type(t, null) from unnest(p.proargtypes::oid[]) as t) as types,
                p.pronargdefaults as defaults, p.proretset as retset, ty.typtype as rettype,
                format_type(p.prorettype, null) as retname
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type ty on ty.oid = p.prorettype
         where n.nspname = 'public' and p.proname = $1 and p.prokind = 'f'`,
          [name],
        )
      ).rows,
  )
}

// PostgREST picks the function whose arguments cover the keys sent and whose arguments without
// a default are all among them; two such overloads are ambiguous (PGRST203, 300).
async function findFunction(cfg: RestConfig, name: string, keys: string[]): Promise<RpcFunction> {
  let cached = cfg.functions.get(name)
  if (!cached) {
    cached = functionCandidates(cfg.db, name)
    cfg.functions.set(name, cached)
    // A lookup that failed is not kept: the next call asks the catalog again.
    cached.catch(() => cfg.functions.delete(name))
  }
  const candidates = await cached
  const matches: RpcFunction[] = []
  for (const c of candidates) {
    const args = c.types.map((type, i) => ({ name: c.names?.[i] ?? '', type }))
    if (args.some((a) => !a.name)) continue
    const required = args.slice(0, args.length - c.defaults).map((a) => a.name)
    const known = new Set(args.map((a) => a.name))
    if (!keys.every((k) => known.has(k)) || !required.every((r) => keys.includes(r))) continue
    matches.push({ args, returnsSet: c.retset, returnsRows: c.rettype === 'c', returnsVoid: c.retname === 'void' })
  }
  if (matches.length === 1) return matches[0] as RpcFunction
  if (matches.length > 1) {
    throw new HttpError(300, {
      code: 'PGRST203',
      message: `Could not choose the best candidate function between: ${matches.map((m) => `public.${name}(${m.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    })
  }
  throw new HttpError(404, {
    code: 'PGRST202',
    message: `Could not find the function public.${name}(${keys.join(', ')}) in the schema cache`,
    details: `Searched for the function public.${name} with parameters ${keys.join(', ') || 'none'}`,
    hint: null,
  })
}
