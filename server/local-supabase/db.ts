// PGlite lifecycle: open, bootstrap the Supabase stand-in, apply migrations, and serialise access.
import { readFile, readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import type { Claims } from './jwt'

export type Tx = Transaction

const here = path.dirname(fileURLToPath(import.meta.url))
export const DEFAULT_MIGRATIONS_DIR = path.resolve(here, '../../supabase/migrations')

export interface Db {
  pg: PGlite
  /** Runs fn in a transaction as the database owner (the role GoTrue itself would use). */
  admin<T>(fn: (tx: Tx) => Promise<T>): Promise<T>
  /** Runs fn in a transaction as the JWT's role with its claims set, the way PostgREST does. */
  asRequest<T>(claims: Claims, method: string, fn: (tx: Tx) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export async function openDb(opts: { dataDir?: string; migrationsDir?: string }): Promise<Db> {
  const pg = await PGlite.create(opts.dataDir ?? 'memory://')
  // PGlite is one connection; one request's SET LOCAL ROLE must never leak into another's
  // statements, so every unit of work waits for the previous one to finish.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn)
    queue = run.catch(() => undefined)
    return run
  }

  await pg.exec(await readFile(path.join(here, 'bootstrap.sql'), 'utf8'))
  await migrate(pg, opts.migrationsDir ?? DEFAULT_MIGRATIONS_DIR)

  return {
    pg,
    admin: (fn) => serial(() => pg.transaction(fn)),
    asRequest: (claims, method, fn) =>
      serial(() =>
        pg.transaction(async (tx) => {
          // Role comes from a verified token and is one of three fixed names (see jwt.ts).
          await tx.query(
            `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                    set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
                    set_config('request.method', $4, true)`,
            [claims.role, JSON.stringify(claims), claims.sub ?? '', method],
          )
          return fn(tx)
        }),
      ),
    close: () => serial(() => pg.close()),
  }
}

// Applies supabase/migrations/<timestamp>_name.sql in order, once each, recording them where the
// Supabase CLI does so the history reads the same.
async function migrate(pg: PGlite, dir: string): Promise<void> {
  const files = (await readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort()
  const done = new Set((await pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version))
  // Databases created before the Supabase CLI naming recorded the first migration as '0001'.
  if (done.has('0001') && files.includes('20260301000000_leads.sql')) {
    await pg.query(`update supabase_migrations.schema_migrations set version = '20260301000000' where version = '0001'`)
    done.add('20260301000000')
  }
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_')
    if (!version || done.has(version)) continue
    const sql = await readFile(path.join(dir, file), 'utf8')
    await pg.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, rest.join('_')])
    })
  }
}
