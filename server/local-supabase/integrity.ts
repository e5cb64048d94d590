// Does every table of an existing database read whole? PostgreSQL trusts its relation files:
// a table file cut short (a full disk, a copy interrupted, a sync tool) is read as a shorter
// table, and the server "runs" with 0 or 533 of 1,000 leads without a word. The indexes still
// point at the lost rows, though, so reading a table through its primary key fails on the
// first missing block ("could not read blocks 36..36 in file base/5/16528: read only 0 of
// 8192 bytes"). Each table is read twice, sequentially (every column, toasted values included)
// and in primary-key order through the index; both reads must succeed and agree on the count.
// Then amcheck walks every index (a truncated secondary index makes every new lead fail):
// it is created in a transaction that is rolled back, so the database never keeps it.
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { amcheck } from '@electric-sql/pglite/contrib/amcheck'
import { DataDirError } from './data-dir'

/** Pass to PGlite.create for a database that findDamage / assertDatabaseWhole will check. */
export const INTEGRITY_EXTENSIONS = { amcheck }

interface Table {
  name: string
  pkIndex: string | null
  pkColumns: string | null
}

/** One line per damaged table or index; empty when the database reads whole. */
export async function findDamage(pg: PGlite): Promise<string[]> {
  const { rows: tables } = await pg.query<Table>(`
    select format('%I.%I', n.nspname, c.relname) as name,
           quote_ident(pk.relname) as "pkIndex",
           (select string_agg(quote_ident(a.attname), ', ' order by k.ord)
              from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum) as "pkColumns"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_index i on i.indrelid = c.oid and i.indisprimary
      left join pg_class pk on pk.oid = i.indexrelid
     where c.relkind in ('r', 'm') and c.relpersistence = 'p'
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
     order by 1`)
  const damage: string[] = []
  for (const table of tables) {
    const problem = await readWhole(pg, table)
    if (problem) damage.push(`table ${table.name}: ${problem}`)
  }
  return [...damage, ...(await damagedIndexes(pg))]
}

/** Throws a DataDirError naming every damaged table and the way out. */
export async function assertDatabaseWhole(pg: PGlite, dataDir: string): Promise<void> {
  const damage = await findDamage(pg)
  if (damage.length === 0) return
  throw new DataDirError(
    `The local database in ${dataDir} is damaged: it does not read whole.\n` +
      damage.map((line) => `  - ${line}\n`).join('') +
      'Nothing is served from it or written into it. Restore the latest backup with ' +
      '`npm run db:restore -- <backup.tar.gz> --replace` (the damaged directory is kept, renamed).',
  )
}

async function readWhole(pg: PGlite, table: Table): Promise<string | null> {
  const sequential = await rowCount(pg, SEQUENTIAL, `select count(*)::int as n, sum(length(t::text)) from ${table.name} t`)
  if (typeof sequential === 'string') return `a sequential read fails (${sequential})`
  if (!table.pkIndex || !table.pkColumns) return null
  const keys = table.pkColumns
  const indexed = await rowCount(pg, THROUGH_INDEX, `select count(*)::int as n from (select ${keys} from ${table.name} order by ${keys} offset 0) s`)
  if (typeof indexed === 'string') {
    return `reading it through its primary key ${table.pkIndex} fails (${indexed}); a sequential read finds ${sequential} rows`
  }
  if (indexed !== sequential) return `its primary key ${table.pkIndex} lists ${indexed} rows, a sequential read finds ${sequential}`
  return null
}

// Planner settings that leave each read one path: with every other scan (and sorting) off,
// ORDER BY the key can only be served by walking the key's index and fetching each row.
const SEQUENTIAL = ['enable_indexscan', 'enable_indexonlyscan', 'enable_bitmapscan']
const THROUGH_INDEX = ['enable_seqscan', 'enable_indexonlyscan', 'enable_bitmapscan', 'enable_sort']

/** The row count, or the database's error text. */
async function rowCount(pg: PGlite, off: string[], sql: string): Promise<number | string> {
  try {
    return await pg.transaction(async (tx: Transaction) => {
      for (const setting of off) await tx.query(`select set_config($1, 'off', true)`, [setting])
      const { rows } = await tx.query<{ n: number }>(sql)
      return rows[0]?.n ?? 0
    })
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}

async function damagedIndexes(pg: PGlite): Promise<string[]> {
  const damage: string[] = []
  await pg.transaction(async (tx) => {
    await tx.exec('create extension if not exists amcheck')
    const { rows } = await tx.query<{ index: string; table: string; check: string }>(`
      select format('%I.%I', n.nspname, c.relname) as index, format('%I.%I', tn.nspname, t.relname) as table,
             case am.amname when 'btree' then 'bt_index_check($1::regclass, true)' else 'gin_index_check($1::regclass)' end as check
        from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_am am on am.oid = c.relam
        join pg_class t on t.oid = i.indrelid
        join pg_namespace tn on tn.oid = t.relnamespace
       where am.amname in ('btree', 'gin') and i.indisvalid and c.relpersistence = 'p'
         and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
       order by 2, 1`)
    for (const { index, table, check } of rows) {
      await tx.exec('savepoint index_check')
      try {
        await tx.query(`select ${check}`, [index])
        await tx.exec('release savepoint index_check')
      } catch (e) {
        await tx.exec('rollback to savepoint index_check')
        damage.push(`index ${index} of ${table}: ${e instanceof Error ? e.message : String(e)}`)
      }
    }
    await tx.rollback()
  })
  return damage
}
