// The local operator's steps cannot lose leads: a restore refuses while a server holds the data
// directory, a bad archive changes nothing, a lock left by a dead process is taken over (and
// said so), and a table file cut short stops the start instead of serving part of the leads.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cp, mkdir, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync, gunzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PGLITE_START_PARAMS } from '../../server/local-supabase/db'
import { DataDirError, startLocalSupabase } from '../../server/local-supabase/index'
import { LOCK_FILE } from '../../server/local-supabase/lock'
import { runDbScript, spawnDbScript } from '../helpers/db-script'
import { tempDir } from '../setup/temp-dirs'

const LEADS = 1000

/** Every file under dir with a hash of its content: "exactly as it was" is this map, unchanged. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    out[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex')
  }
  return out
}

async function leadCount(dataDir: string): Promise<number> {
  const sb = await startLocalSupabase({ port: 0, dataDir })
  try {
    return (await sb.db.query<{ n: number }>('select count(*)::int as n from public.leads')).rows[0]!.n
  } finally {
    await sb.stop()
  }
}

/** A pid that no process has any more: a child that has already exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    child.on('error', reject)
    child.on('exit', () => resolve(child.pid!))
  })
}

const insertLead = (sb: { db: PGlite }, name: string) =>
  sb.db.query(
    `insert into public.leads (id, kind, name, email, subject, message, locale, consent_contact, consent_privacy)
     values (gen_random_uuid(), 'contact', $1, 'buyer@example.com', 'Subject', 'Message', 'en', true, true)`,
    [name],
  )

let root: string
// Each test's copies of the database (40 MB apiece) go as soon as the test ends, not all at once
// after the file.
const made: string[] = []
const scratch = (name: string) => {
  const dir = path.join(root, name)
  made.push(dir)
  return dir
}
afterEach(async () => {
  for (const dir of made.splice(0)) {
    for (const entry of await readdir(path.dirname(dir))) {
      if (entry === path.basename(dir) || entry.startsWith(`${path.basename(dir)}.`)) await rm(path.join(root, entry), { recursive: true, force: true })
    }
  }
})
let good: string
let archive: string
let leadsFile: string
let indexFile: string

beforeAll(async () => {
  root = tempDir('local-operator-')
  good = path.join(root, 'good')
  const sb = await startLocalSupabase({ port: 0, dataDir: good })
  await sb.db.query(
    `insert into public.leads (id, kind, name, email, subject, message, locale, consent_contact, consent_privacy)
     select gen_random_uuid(), 'contact', 'Buyer ' || g, 'buyer' || g || '@example.com', 'Subject', repeat('message ', 20), 'en', true, true
       from generate_series(1, ${LEADS}) g`,
  )
  const files = await sb.db.query<{ leads: string; index: string }>(
    `select pg_relation_filepath('public.leads') as leads, pg_relation_filepath('public.leads_created_at_id_idx') as index`,
  )
  leadsFile = files.rows[0]!.leads
  indexFile = files.rows[0]!.index
  await sb.stop()
  archive = path.join(root, 'backup.tar.gz')
  const backup = await runDbScript('backup', '--data-dir', good, '--out', archive)
  expect(backup.stderr).toBe('')
})

describe('db:restore', () => {
  it('refuses while a server holds the data directory; the server keeps every lead it acknowledges', async () => {
    const live = scratch('live')
    await cp(good, live, { recursive: true })
    const siblings = await readdir(root)
    const sb = await startLocalSupabase({ port: 0, dataDir: live })
    try {
      // A second process, as in life: db:restore run while `npm start` holds the directory.
      const refused = await spawnDbScript('restore', archive, '--data-dir', live, '--replace')
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain(`${live} is in use by process ${process.pid}`)
      // Nothing moved aside or unpacked, and the server's lock is still its own.
      expect(await readdir(root)).toEqual(siblings)
      expect(await readFile(path.join(live, LOCK_FILE), 'utf8')).toBe(String(process.pid))
      await insertLead(sb, 'Acknowledged after the refused restore')
    } finally {
      await sb.stop()
    }
    expect(await leadCount(live)).toBe(LEADS + 1)
  })

  it('--replace over a damaged directory keeps it renamed and brings back every lead', async () => {
    const damaged = scratch('replace-damaged')
    await cp(good, damaged, { recursive: true })
    await truncate(path.join(damaged, leadsFile), 0)
    const restored = await runDbScript('restore', archive, '--data-dir', damaged, '--replace')
    expect(restored.code).toBe(0)
    const kept = (await readdir(root)).filter((e) => e.startsWith('replace-damaged.before-restore-'))
    expect(kept).toHaveLength(1)
    expect((await stat(path.join(root, kept[0]!, leadsFile))).size).toBe(0)
    expect(await leadCount(damaged)).toBe(LEADS)
    expect((await readdir(root)).filter((e) => e.startsWith('replace-damaged.restore-'))).toEqual([])
  })

  const badArchives: [string, () => Promise<Buffer>][] = [
    ['a truncated archive', async () => (await readFile(archive)).subarray(0, (await stat(archive)).size / 2)],
    ['garbage', async () => createHash('sha512').update('not an archive').digest()],
    [
      'a whole gzip of half the tar',
      async () => {
        const tar = gunzipSync(await readFile(archive))
        return gzipSync(tar.subarray(0, tar.length / 2))
      },
    ],
    [
      'a backup of a database with a truncated table',
      async () => {
        const dir = scratch('damaged-source')
        await cp(good, dir, { recursive: true })
        await truncate(path.join(dir, leadsFile), 8192 * 3 + 100)
        const pg = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS })
        const dump = await pg.dumpDataDir('gzip')
        await pg.close()
        return Buffer.from(await dump.arrayBuffer())
      },
    ],
  ]
  it.each(badArchives)('%s fails cleanly: the data directory and its lock stay exactly as they were', async (label, make) => {
    const bad = path.join(root, `${label.replace(/\W+/g, '-')}.tar.gz`)
    await writeFile(bad, await make())
    const dir = scratch(`target-${label.replace(/\W+/g, '-')}`)
    await cp(good, dir, { recursive: true })
    const before = await snapshot(dir)
    const siblings = await readdir(root)

    const failed = await runDbScript('restore', bad, '--data-dir', dir, '--replace')
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain(`${bad} is not a usable backup`)
    expect(failed.stderr).toContain(`Nothing was changed in ${dir}`)
    expect(await snapshot(dir)).toEqual(before)
    expect(before[LOCK_FILE]).toBeUndefined()
    expect(await readdir(root)).toEqual(siblings)
    if (label.includes('truncated table')) expect(failed.stderr).toMatch(/table public\.leads: reading it through its primary key/)
  })

  it('a bad archive into an absent directory leaves it absent', async () => {
    const absent = scratch('absent')
    const bad = path.join(root, 'absent-truncated.tar.gz')
    await writeFile(bad, (await readFile(archive)).subarray(0, 1000))
    const failed = await runDbScript('restore', bad, '--data-dir', absent)
    expect(failed.code).toBe(1)
    expect((await readdir(root)).filter((e) => e === 'absent' || e.startsWith('absent.'))).toEqual([])
  })

  it('takes over a lock left by a process that no longer runs, and says so', async () => {
    const dir = scratch('stale-restore')
    await mkdir(dir)
    const pid = await deadPid()
    await writeFile(path.join(dir, LOCK_FILE), String(pid))
    const restored = await runDbScript('restore', archive, '--data-dir', dir)
    expect(restored.code).toBe(0)
    expect(restored.stderr).toContain(`taking over the lock of process ${pid}, which no longer runs`)
    expect(await readdir(dir)).not.toContain(LOCK_FILE)
    expect(await leadCount(dir)).toBe(LEADS)
  })
})

describe('start', () => {
  it('takes over a stale lock of a dead process with a notice', async () => {
    const dir = scratch('stale-start')
    await cp(good, dir, { recursive: true })
    const pid = await deadPid()
    await writeFile(path.join(dir, LOCK_FILE), String(pid))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const sb = await startLocalSupabase({ port: 0, dataDir: dir })
    try {
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`taking over the lock of process ${pid}, which no longer runs`))
      expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid))
    } finally {
      await sb.stop()
    }
  })

  it.each([
    ['emptied', 0],
    ['cut mid-page', 8192 * 20 + 3000],
  ])('refuses a leads table file %s, naming the table, the file and the way out', async (label, size) => {
    const dir = scratch(`truncated-${label.replace(/\W+/g, '-')}`)
    await cp(good, dir, { recursive: true })
    await truncate(path.join(dir, leadsFile), size)
    const before = await snapshot(dir)
    const err = await startLocalSupabase({ port: 0, dataDir: dir }).then(
      async (sb) => {
        await sb.stop()
        return undefined
      },
      (e: unknown) => e as Error,
    )
    expect(err).toBeInstanceOf(DataDirError)
    expect(err?.message).toContain(`The local database in ${dir} is damaged`)
    expect(err?.message).toContain('table public.leads: reading it through its primary key leads_pkey fails')
    expect(err?.message).toContain(leadsFile)
    expect(err?.message).toContain('npm run db:restore -- <backup.tar.gz> --replace')
    // The damaged file is left as it was for whoever looks into it, and no lock stays behind.
    const after = await snapshot(dir)
    expect(after[leadsFile]).toBe(before[leadsFile])
    expect(after[LOCK_FILE]).toBeUndefined()
  })

  it('refuses a truncated index of the leads table, naming it', async () => {
    const dir = scratch('truncated-index')
    await cp(good, dir, { recursive: true })
    await truncate(path.join(dir, indexFile), 8192)
    await expect(startLocalSupabase({ port: 0, dataDir: dir })).rejects.toThrow(/index public\.leads_created_at_id_idx of public\.leads: could not read/)
  })

  it('refuses to start empty beside a restore that stopped mid-swap', async () => {
    const dir = scratch('interrupted')
    await mkdir(`${dir}.restore-verified`)
    await expect(startLocalSupabase({ port: 0, dataDir: dir })).rejects.toThrow(`A restore into ${dir} was interrupted`)
    expect((await readdir(root)).filter((e) => e === 'interrupted')).toEqual([])
  })
})
