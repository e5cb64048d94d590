// New databases, in memory (tests, the e2e backend) or in a new data directory (`npm start`,
// `npm run dev`), start from a dump of one bootstrapped and migrated database
// (server/local-supabase/db.ts, `template`): each is a separate copy with the full migration
// history, and the dump is made again whenever a migration changes.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_MIGRATIONS_DIR, openDb, type Db } from '../../server/local-supabase/db'
import { tempDir } from '../setup/temp-dirs'

const opened: Db[] = []
const dirs: string[] = []
afterAll(async () => {
  for (const db of opened) await db.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
const open = async (migrationsDir?: string, dataDir?: string) => {
  const db = await openDb({ migrationsDir, dataDir })
  opened.push(db)
  return db
}
const versions = async (db: Db) =>
  (await db.pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')).rows.map((r) => r.version)
const migrationFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .map((f) => f.split('_')[0])
    .sort()

describe('in-memory databases', () => {
  it('are separate copies, each with every migration applied', async () => {
    const a = await open()
    const b = await open()
    expect(await versions(a)).toEqual(migrationFiles(DEFAULT_MIGRATIONS_DIR))
    expect(await versions(b)).toEqual(await versions(a))
    await a.pg.exec('create table public.only_in_a (x int)')
    const inB = await b.pg.query(`select to_regclass('public.only_in_a') as t`)
    expect(inB.rows).toEqual([{ t: null }])
  })

  it('apply a new migration: the dump is keyed by the migrations', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'))
    dirs.push(dir)
    cpSync(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true })
    writeFileSync(join(dir, '29990101000000_probe.sql'), 'create table public.probe (id int);\n')
    const db = await open(dir)
    expect(await versions(db)).toContain('29990101000000')
    expect((await db.pg.query(`select to_regclass('public.probe') as t`)).rows).toEqual([{ t: 'probe' }])
    const again = await open(dir) // from the dump made for this set of migrations
    expect((await again.pg.query(`select to_regclass('public.probe') as t`)).rows).toEqual([{ t: 'probe' }])
  })
})

describe('a new data directory', () => {
  it('is a copy of the template on disk, with every migration, and keeps what is written across a restart', async () => {
    const dataDir = join(tempDir('pgdata-'), 'db')
    const db = await open(undefined, dataDir)
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true)
    expect(await versions(db)).toEqual(migrationFiles(DEFAULT_MIGRATIONS_DIR))
    await db.pg.exec(`create table public.kept (note text); insert into public.kept values ('written before the restart')`)
    await db.close()
    opened.splice(opened.indexOf(db), 1)

    const again = await open(undefined, dataDir)
    expect((await again.pg.query('select note from public.kept')).rows).toEqual([{ note: 'written before the restart' }])
    expect(await versions(again)).toEqual(migrationFiles(DEFAULT_MIGRATIONS_DIR))
  })
})
