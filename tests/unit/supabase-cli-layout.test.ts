// The repository as the Supabase CLI and the TypeScript code expect it: timestamped migrations,
// LeadRow (lib/leads/row.ts) equal to the migrated table, seed.sql and config.toml in step with
// the embedded backend.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emptyPglite, openDb, type Db } from '../../server/local-supabase/db'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../server/local-supabase/index'
import { LEAD_ROW_COLUMNS } from '../../lib/leads/row'
import { LEAD_STATUSES, NOTIFICATION_STATUSES } from '../../lib/leads/row'

let db: Db
beforeAll(async () => {
  db = await openDb({})
})
afterAll(async () => {
  await db?.close()
})

describe('lib/leads/row.ts matches the migrated public.leads', () => {
  it('same columns, types and nullability (information_schema on PGlite)', async () => {
    const { rows } = await db.pg.query<{ column_name: string; data_type: string; is_nullable: 'YES' | 'NO' }>(
      `select column_name, data_type, is_nullable from information_schema.columns
       where table_schema = 'public' and table_name = 'leads' order by ordinal_position`,
    )
    const migrated = Object.fromEntries(rows.map((r) => [r.column_name, { type: r.data_type, nullable: r.is_nullable === 'YES' }]))
    // Named per column so a drift reads as "notes: expected … received …".
    for (const [col, desc] of Object.entries(LEAD_ROW_COLUMNS)) {
      expect({ col, ...migrated[col] }).toEqual({ col, type: desc.type, nullable: desc.nullable })
    }
    // Columns added by any migration (another team's too) must be described in row.ts.
    expect(Object.keys(migrated).filter((c) => !(c in LEAD_ROW_COLUMNS))).toEqual([])
  })

  it('the status lists equal the CHECK constraints', async () => {
    const check = async (name: string) =>
      (await db.pg.query<{ def: string }>(`select pg_get_constraintdef(oid) as def from pg_constraint where conname = $1`, [name])).rows[0]?.def ?? ''
    const listed = (def: string) => [...def.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1])
    expect(listed(await check('leads_status_check'))).toEqual([...LEAD_STATUSES])
    expect(listed(await check('leads_notification_status_check'))).toEqual([...NOTIFICATION_STATUSES])
  })
})

describe('Supabase CLI layout', () => {
  const dir = 'supabase/migrations'
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql'))

  it('every migration is named <14-digit UTC timestamp>_<name>.sql, each version once', () => {
    for (const f of files) expect(f).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/)
    const versions = files.map((f) => f.slice(0, 14))
    expect(new Set(versions).size).toBe(versions.length)
  })

  it('the local backend recorded exactly those versions', async () => {
    const { rows } = await db.pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.slice(0, 14)).sort())
  })

  it('a database created before the rename (version "0001") is carried over, not migrated twice', async () => {
    const old = await emptyPglite()
    await old.exec(readFileSync('server/local-supabase/bootstrap.sql', 'utf8'))
    await old.exec(readFileSync(path.join(dir, '20260301000000_leads.sql'), 'utf8'))
    await old.query(`insert into supabase_migrations.schema_migrations (version, name) values ('0001', 'leads')`)
    const tar = await old.dumpDataDir('none')
    await old.close()
    const dataDir = await mkdtemp(path.join(tmpdir(), 'legacy-pglite-'))
    try {
      const restored = await PGlite.create({ dataDir, loadDataDir: tar })
      await restored.close()
      const upgraded = await openDb({ dataDir })
      try {
        const { rows } = await upgraded.pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
        expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.slice(0, 14)).sort())
        const cols = await upgraded.pg.query(`select 1 from information_schema.columns where table_name = 'leads' and column_name = 'notification_status'`)
        expect(cols.rows).toHaveLength(1)
      } finally {
        await upgraded.close()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('seed.sql creates the same admin the embedded backend seeds', () => {
    const seed = readFileSync('supabase/seed.sql', 'utf8')
    expect(seed).toContain(`'${ADMIN_EMAIL}'`)
    expect(seed).toContain(`crypt('${ADMIN_PASSWORD}'`)
    expect(seed).toMatch(/"role":"admin"/)
  })

  it('config.toml pins sign-ups closed, TOTP, the JWT expiry and the public intake function, bundled from supabase/ only', () => {
    const toml = readFileSync('supabase/config.toml', 'utf8')
    const section = (name: string) => {
      const start = toml.indexOf(`[${name}]\n`)
      expect(start, `[${name}] in supabase/config.toml`).toBeGreaterThanOrEqual(0)
      const rest = toml.slice(start + name.length + 3)
      return rest.slice(0, rest.search(/^\[/m) === -1 ? undefined : rest.search(/^\[/m))
    }
    expect(section('auth')).toMatch(/^enable_signup = false$/m)
    expect(section('auth')).toMatch(/^jwt_expiry = 3600$/m)
    expect(section('auth.email')).toMatch(/^enable_signup = false$/m)
    expect(section('auth.mfa.totp')).toMatch(/^enroll_enabled = true$/m)
    expect(section('auth.mfa.totp')).toMatch(/^verify_enabled = true$/m)
    expect(section('auth.captcha')).toMatch(/^enabled = (true|false)$/m)
    const fn = section('functions.submit-lead')
    expect(fn).toMatch(/^verify_jwt = false$/m)
    for (const key of ['entrypoint', 'import_map']) {
      const file = new RegExp(`^${key} = "(.+)"$`, 'm').exec(fn)?.[1]
      expect(file && existsSync(path.join('supabase', file)), `${key} ${file}`).toBe(true)
    }
    // Nothing outside supabase/ is imported: the CLI would not bundle it.
    for (const f of readdirSync('supabase/functions/submit-lead')) {
      const text = readFileSync(path.join('supabase/functions/submit-lead', f), 'utf8')
      for (const m of text.matchAll(/from '(\.[^']+)'/g)) {
        const target = path.resolve('supabase/functions/submit-lead', m[1] as string)
        expect(target.startsWith(path.resolve('supabase') + path.sep), `${f} imports ${m[1]}`).toBe(true)
      }
    }
  })
})
