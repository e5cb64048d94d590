// In-memory databases (tests, the e2e backend) start from a dump of one bootstrapped and migrated
// database (server/local-supabase/db.ts, openMemoryDb): each is a separate copy with the full
// migration history, and the dump is made again whenever a migration changes.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { DEFAULT_MIGRATIONS_DIR, openDb, type Db } from '../../server/local-supabase/db'

vi.setConfig({ testTimeout: 60_000 })

const opened: Db[] = []
const dirs: string[] = []
afterAll(async () => {
  for (const db of opened) await db.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
const open = async (migrationsDir?: string) => {
  const db = await openDb({ migrationsDir })
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
