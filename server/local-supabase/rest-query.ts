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

export const unsupported = (what: string) =>
  new HttpError(400, {
    code: 'PGRST100',
    message: `The local Supabase server does not support ${what}`,
    details: 'Supported: select=* or a column list, col=eq.value, order, limit, offset',
    hint: null,
  })

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

export function parseQuery(table: TableInfo, qs: URLSearchParams): ParsedQuery {
  const params: unknown[] = []
  const conditions: string[] = []
  for (const [key, value] of qs) {
    if (RESERVED.has(key)) continue
    if (key === 'on_conflict') throw new HttpError(501, { code: 'PGRST501', message: 'Upsert is not supported by the local server', details: null, hint: null })
    const col = requireColumn(table, key)
    const m = /^eq\.(.*)$/s.exec(value)
    if (!m) throw unsupported(`the filter ${key}=${value}`)
    params.push(m[1])
    conditions.push(`t.${col} = $${params.length}::${table.columns.get(key)}`)
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
