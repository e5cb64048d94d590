// PGlite lifecycle: open, bootstrap the Supabase stand-in, apply migrations, and serialise access.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { readFile, readdir, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { assertDatabaseWhole, INTEGRITY_EXTENSIONS } from './integrity'
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

// PostgreSQL's default shared_buffers (128MB) is set up in PGlite's memory at every start, which
// costs about as much CPU as the rest of opening a database; the local backend's databases are a
// few MB, so 16MB holds all of them. Every PGlite of the backend and of db:backup/db:restore starts
// with these parameters.
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

// A new database (in memory for the tests and the e2e backend, or a new data directory) starts
// from a copy of one already bootstrapped and migrated: creating and migrating one costs several
// times more CPU than loading PGlite's dump of it, and a test run opens a few dozen. The dump lives in the OS temp directory, named by a hash of bootstrap.sql,
// the migrations and PGlite's version, so any change makes a new one.
async function templateFile(migrationsDir: string): Promise<string> {
  const hash = createHash('sha256')
  hash.update(PGLITE_VERSION)
  hash.update(await readFile(path.join(here, 'bootstrap.sql')))
  for (const file of (await readdir(migrationsDir)).sort()) hash.update(file).update(await readFile(path.join(migrationsDir, file)))
  return path.join(tmpdir(), `elastinet-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`)
}
/** PGlite's version, from its package.json (which its "exports" do not list). */
const PGLITE_VERSION = (() => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const root = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`))
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version
})()

/** The Supabase stand-in's bootstrap, then the migrations not yet applied. */
async function prepare(pg: PGlite, migrationsDir: string): Promise<PGlite> {
  await pg.exec(await readFile(path.join(here, 'bootstrap.sql'), 'utf8'))
  await migrate(pg, migrationsDir)
  return pg
}

/** The dump of a bootstrapped and migrated database for these migrations, made on first use. */
async function template(migrationsDir: string): Promise<Blob> {
  return dumpOnce(await templateFile(migrationsDir), async () => prepare(await emptyPglite(), migrationsDir))
}

/**
 * A PGlite with nothing in it but what initdb makes, in memory. PGlite runs initdb for every new
 * database it is not given a dump of, which costs more CPU than loading the dump of one: so the
 * dump is made once per PGlite version, in the OS temp directory. The template starts from it, and
 * so do the tests that build a database of an older migration history.
 */
export async function emptyPglite(): Promise<PGlite> {
  const file = path.join(tmpdir(), `elastinet-pglite-empty-${PGLITE_VERSION}.tar.gz`)
  const loadDataDir = await dumpOnce(file, () => PGlite.create('memory://', { startParams: PGLITE_START_PARAMS }))
  return PGlite.create({ loadDataDir, startParams: PGLITE_START_PARAMS })
}

/** The gzip dump in `file`, or the dump of the database `make` returns, written there first. */
async function dumpOnce(file: string, make: () => Promise<PGlite>): Promise<Blob> {
  if (existsSync(file)) return new Blob([await readFile(file)])
  const pg = await make()
  const dump = await pg.dumpDataDir('gzip')
  await pg.close()
  // Written under a unique name, then renamed: a parallel test worker never reads half a file.
  const partial = `${file}.${process.pid}.${Date.now()}`
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
  await rename(partial, file)
  return dump
}

/**
 * A new database (in memory, or `dataDir` without PG_VERSION: checkDataDir has refused anything
 * half there) is a copy of the template, which is keyed by bootstrap.sql and the migrations, so
 * nothing is left to apply. An existing data directory must read whole (integrity.ts) before it
 * gets the bootstrap (idempotent) and the migrations it lacks: nothing is written into damage.
 */
async function open(dataDir: string | undefined, migrationsDir: string): Promise<PGlite> {
  if (dataDir && existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const pg = await PGlite.create(dataDir, { extensions: INTEGRITY_EXTENSIONS, startParams: PGLITE_START_PARAMS })
    await assertDatabaseWhole(pg, dataDir).catch(async (e: unknown) => {
      await pg.close()
      throw e
    })
    return prepare(pg, migrationsDir)
  }
  const loadDataDir = await template(migrationsDir)
  return PGlite.create({ dataDir, loadDataDir, startParams: PGLITE_START_PARAMS })
}

export async function openDb(opts: { dataDir?: string; migrationsDir?: string }): Promise<Db> {
  const migrationsDir = opts.migrationsDir ?? DEFAULT_MIGRATIONS_DIR
  const pg = await open(opts.dataDir, migrationsDir)
  // PGlite is one connection; one request's SET LOCAL ROLE must never leak into another's
  // statements, so every unit of work waits for the previous one to finish.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn)
    queue = run.catch(() => undefined)
    return run
  }

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
