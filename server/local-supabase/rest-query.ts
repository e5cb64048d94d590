// Turns the PostgREST query-string subset we support into SQL fragments. Column names are only
// ever taken from the table's catalog, so nothing from the URL reaches SQL except as a parameter.
import { HttpError } from './http'

export interface TableInfo {
  name: string
  /** column name -> SQL type as format_type() prints it */
  columns: Map<string, string>
}

export interface ParsedQuery {
  /** JSON expression for one row of alias `t`. */
  projection: string
  where: string
  params: unknown[]
  orderBy: string
  limit?: number
  offset?: number
  /** From `columns=` (sent by supabase-js for array inserts). */
  columns?: string[]
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'apikey'])

export const SUPPORTED = 'select=* or a column list; col=[not.]eq|neq|gt|gte|lt|lte|like|ilike|in|is|cs.value; or=(...) and and=(...); order; limit; offset'

export const unsupported = (what: string) =>
  new HttpError(400, {
    code: 'PGRST100',
    message: `The local Supabase server does not support ${what}`,
    details: `Supported: ${SUPPORTED}`,
    hint: null,
  })

// PostgREST's parse error for a malformed filter (same code, PGRST100).
const parseError = (what: string, details: string) =>
  new HttpError(400, { code: 'PGRST100', message: `"failed to parse filter (${what})"`, details, hint: null })

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

export function requireColumn(table: TableInfo, name: string): string {
  if (!table.columns.has(name)) {
    throw new HttpError(400, {
      code: 'PGRST204',
      message: `Could not find the '${name}' column of '${table.name}' in the schema cache`,
      details: null,
      hint: null,
    })
  }
  return quoteIdent(name)
}

// A filter column must exist; PostgREST answers 42703 (400) for an unknown one.
function filterColumn(table: TableInfo, name: string): string {
  if (!table.columns.has(name)) {
    throw new HttpError(400, { code: '42703', message: `column ${table.name}.${name} does not exist`, details: null, hint: null })
  }
  return quoteIdent(name)
}

const OPERATORS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }

/** Builds one `col=op.value` condition; values only ever become bind parameters. */
function condition(table: TableInfo, column: string, expr: string, params: unknown[], quoted: boolean): string {
  const col = `t.${filterColumn(table, column)}`
  const type = table.columns.get(column) ?? 'text'
  let negate = false
  let rest = expr
  if (rest.startsWith('not.')) {
    negate = true
    rest = rest.slice(4)
  }
  const dot = rest.indexOf('.')
  if (dot < 0) throw parseError(`${column}=${expr}`, 'An operator and a value are required: col=op.value')
  const op = rest.slice(0, dot)
  let value = rest.slice(dot + 1)
  // Inside or=()/and=(), a value may be double-quoted to hold , . : ( ) characters.
  if (quoted) value = unquote(value)
  const bind = (v: unknown) => {
    params.push(v)
    return `$${params.length}`
  }
  let sql: string
  if (op in OPERATORS) sql = `${col} ${OPERATORS[op]} ${bind(value)}::${type}`
  else if (op === 'like' || op === 'ilike') sql = `${col}::text ${op} ${bind(value.replace(/\*/g, '%'))}`
  else if (op === 'in') sql = `${col} = any(${bind(parseList(value, `${column}=${expr}`))}::${type}[])`
  else if (op === 'is') {
    const v = value.toLowerCase()
    if (!['null', 'true', 'false', 'unknown'].includes(v)) throw parseError(`${column}=${expr}`, 'is. takes null, true, false or unknown')
    sql = `${col} is ${v}`
  } else if (op === 'cs') {
    if (!type.endsWith('[]')) throw unsupported(`cs. on the non-array column ${column}`)
    sql = `${col} @> ${bind(value)}::${type}`
  } else throw unsupported(`the operator ${op} in ${column}=${expr}`)
  return negate ? `not (${sql})` : sql
}

function unquote(value: string): string {
  const m = /^"((?:[^"\\]|\\.)*)"$/s.exec(value)
  return m ? (m[1] ?? '').replace(/\\(.)/gs, '$1') : value
}

/** Splits at top-level commas, keeping double-quoted parts and parenthesised groups whole. */
function splitTopLevel(text: string, what: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string
    if (quoted) {
      current += ch
      if (ch === '\\' && i + 1 < text.length) current += text[++i]
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    if (depth < 0) throw parseError(what, 'Unbalanced parentheses')
    if (ch === ',' && depth === 0) {
      parts.push(current)
      current = ''
    } else current += ch
  }
  if (quoted || depth !== 0) throw parseError(what, 'Unbalanced quotes or parentheses')
  parts.push(current)
  return parts
}

// in.(a,b,"c,d")
function parseList(value: string, what: string): string[] {
  const m = /^\((.*)\)$/s.exec(value)
  if (!m) throw parseError(what, 'in. takes a list in parentheses: in.(a,b)')
  if ((m[1] ?? '') === '') return []
  return splitTopLevel(m[1] ?? '', what).map(unquote)
}

// or=(a.eq.1,b.ilike.*x*,and(c.gte.2,c.lte.5)) and the same for and=(...).
function logicTree(table: TableInfo, joiner: 'or' | 'and', value: string, params: unknown[], negate = false): string {
  const what = `${joiner}=${value}`
  const m = /^\((.*)\)$/s.exec(value)
  if (!m) throw parseError(what, `${joiner}= takes a list in parentheses: ${joiner}=(a.eq.1,b.eq.2)`)
  const terms = splitTopLevel(m[1] ?? '', what).map((term) => {
    const nested = /^(not\.)?(or|and)(\(.*\))$/s.exec(term)
    if (nested) return logicTree(table, nested[2] as 'or' | 'and', nested[3] ?? '', params, Boolean(nested[1]))
    const dot = term.indexOf('.')
    if (dot <= 0) throw parseError(what, `"${term}" is not column.operator.value`)
    return condition(table, term.slice(0, dot), term.slice(dot + 1), params, true)
  })
  const sql = `(${terms.join(` ${joiner} `)})`
  return negate ? `not ${sql}` : sql
}

export function parseQuery(table: TableInfo, qs: URLSearchParams): ParsedQuery {
  const params: unknown[] = []
  const conditions: string[] = []
  for (const [key, value] of qs) {
    if (RESERVED.has(key)) continue
    if (key === 'on_conflict') throw new HttpError(501, { code: 'PGRST501', message: 'Upsert is not supported by the local server', details: null, hint: null })
    const logic = /^(not\.)?(or|and)$/.exec(key)
    if (logic) conditions.push(logicTree(table, logic[2] as 'or' | 'and', value, params, Boolean(logic[1])))
    else if (key.includes('.') || key.includes('->')) throw unsupported(`the filter ${key}=${value} (embedded resources and JSON paths)`)
    else conditions.push(condition(table, key, value, params, false))
  }
  return {
    projection: parseSelect(table, qs.get('select')),
    where: conditions.length ? `where ${conditions.join(' and ')}` : '',
    params,
    orderBy: parseOrder(table, qs.get('order')),
    limit: parseCount(qs.get('limit'), 'limit'),
    offset: parseCount(qs.get('offset'), 'offset'),
    columns: qs.has('columns') ? parseColumns(table, qs.get('columns') ?? '') : undefined,
  }
}

function parseSelect(table: TableInfo, select: string | null): string {
  if (select === null || select === '*' || select === '') return 'to_json(t)'
  const names = select.split(',').map((c) => c.replace(/^"(.*)"$/, '$1'))
  if (names.some((n) => !table.columns.has(n))) throw unsupported(`select=${select} (only * or plain column names)`)
  return `json_build_object(${names.map((n) => `'${n.replace(/'/g, "''")}', t.${quoteIdent(n)}`).join(', ')})`
}

function parseOrder(table: TableInfo, order: string | null): string {
  if (!order) return ''
  const terms = order.split(',').map((term) => {
    const [name = '', dir = 'asc', nulls, ...extra] = term.split('.')
    const okDir = dir === 'asc' || dir === 'desc'
    const okNulls = nulls === undefined || nulls === 'nullsfirst' || nulls === 'nullslast'
    if (!table.columns.has(name) || !okDir || !okNulls || extra.length) throw unsupported(`order=${order}`)
    const nullsSql = nulls === 'nullsfirst' ? ' nulls first' : nulls === 'nullslast' ? ' nulls last' : ''
    return `t.${quoteIdent(name)} ${dir}${nullsSql}`
  })
  return `order by ${terms.join(', ')}`
}

function parseCount(value: string | null, name: string): number | undefined {
  if (value === null) return undefined
  if (!/^\d{1,9}$/.test(value)) throw unsupported(`${name}=${value}`)
  return Number(value)
}

function parseColumns(table: TableInfo, value: string): string[] {
  const names = value.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'))
  for (const n of names) requireColumn(table, n)
  return names
}
