// Backup and restore of the local backend's database (.data/pglite by default).
//   npm run db:backup                        → .data/backups/pglite-<UTC time>.tar.gz
//   npm run db:backup -- --out file.tar.gz
//   npm run db:restore -- file.tar.gz        → into an absent or empty data directory
//   npm run db:restore -- file.tar.gz --replace   (the current directory is kept, renamed)
// Both take the data directory's lock before anything else, so they refuse to run while
// `npm start` uses it: a server keeps writing into a directory renamed under it. Both check
// that the database reads whole (server/local-supabase/integrity.ts): no backup of a damaged
// database, and an archive is unpacked and checked beside the data directory, then swapped in
// by rename, so a bad archive leaves the current data exactly as it was.
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_START_PARAMS } from '../server/local-supabase/db'
import { checkDataDir, DEFAULT_DATA_DIR, InterruptedRestoreError, restoreStaging } from '../server/local-supabase/data-dir'
import { assertDatabaseWhole, findDamage, INTEGRITY_EXTENSIONS } from '../server/local-supabase/integrity'
import { LOCK_FILE, lockDataDir } from '../server/local-supabase/lock'
import { isEntryPoint, parseCliArgs } from './cli-args'

const USAGE = 'usage: node --import tsx scripts/db-backup.ts backup [--data-dir <dir>] [--out <file>] | restore <file> [--data-dir <dir>] [--replace]'

interface Run {
  dataDir: string
  /** The archive to restore. */
  file: string | undefined
  out: string | undefined
  replace: boolean
  /** The UTC time in file names: a backup's default name, the directory a restore keeps aside. */
  stamp: string
}

/** The exit code: 0 done, 1 refused or failed (the reason on stderr), 2 a bad option. The tests call it in their own process. */
export async function main(args: string[] = process.argv.slice(2)): Promise<number> {
  const parsed = parseCliArgs(
    {
      args,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        out: { type: 'string' },
        replace: { type: 'boolean', default: false },
      },
    },
    USAGE,
  )
  if (!parsed) return 2
  const { values, positionals } = parsed
  const [command, file] = positionals
  const run: Run = {
    dataDir: path.resolve(values['data-dir'] ?? DEFAULT_DATA_DIR),
    file,
    out: values.out,
    replace: values.replace,
    stamp: new Date().toISOString().replace(/[:.]/g, '-'),
  }
  try {
    if (command === 'backup') await backup(run)
    else if (command === 'restore') await restore(run)
    else throw new Error('Usage: node --import tsx scripts/db-backup.ts backup|restore ...')
    return 0
  } catch (e) {
    console.error(`db:${command ?? '?'}: ${e instanceof Error ? e.message : String(e)}`)
    return 1
  }
}

async function backup({ dataDir, out: outOption, stamp }: Run): Promise<void> {
  if ((await checkDataDir(dataDir)) === 'new') throw new Error(`${dataDir} holds no database to back up`)
  const unlock = await lockDataDir(dataDir)
  try {
    const pg = await PGlite.create(dataDir, { extensions: INTEGRITY_EXTENSIONS, startParams: PGLITE_START_PARAMS })
    let dump: Blob
    try {
      await assertDatabaseWhole(pg, dataDir)
      dump = await pg.dumpDataDir('gzip')
    } finally {
      await pg.close()
    }
    const out = path.resolve(outOption ?? path.join(path.dirname(dataDir), 'backups', `pglite-${stamp}.tar.gz`))
    await mkdir(path.dirname(out), { recursive: true })
    await writeFile(out, Buffer.from(await dump.arrayBuffer()))
    console.log(`Backed up ${dataDir} to ${out}`)
  } finally {
    await unlock()
  }
}

async function restore({ dataDir, file, replace, stamp }: Run): Promise<void> {
  if (!file) throw new Error('Usage: npm run db:restore -- <backup.tar.gz> [--replace]')
  const existed = existsSync(dataDir)
  await mkdir(dataDir, { recursive: true })
  let swapped = false
  let unlock = async () => {}
  try {
    unlock = await lockDataDir(dataDir)
    const state = await checkDataDir(dataDir).catch((e: unknown) => {
      if (e instanceof InterruptedRestoreError) throw e
      return 'damaged' as const
    })
    if (state !== 'new' && !replace) {
      throw new Error(`${dataDir} is not empty. Add --replace to restore over it (the current directory is kept, renamed).`)
    }
    const { unpacking, verified } = restoreStaging(dataDir)
    // Left over from a restore that stopped before its swap (the data directory is intact, or
    // checkDataDir would have refused); nobody else uses them while this process holds the lock.
    await rm(unpacking, { recursive: true, force: true })
    await rm(verified, { recursive: true, force: true })
    try {
      await unpack(path.resolve(file), unpacking)
    } catch (e) {
      await rm(unpacking, { recursive: true, force: true })
      throw new Error(`${file} is not a usable backup: ${e instanceof Error ? e.message : String(e)}\nNothing was changed in ${dataDir}.`)
    }
    // The restored directory carries this process's lock across the swap, so a server started
    // meanwhile is refused there too.
    await writeFile(path.join(unpacking, LOCK_FILE), String(process.pid))
    await rename(unpacking, verified)
    const aside = state === 'new' ? `${dataDir}.empty-${stamp}` : `${dataDir}.before-restore-${stamp}`
    await rename(dataDir, aside)
    try {
      await rename(verified, dataDir)
    } catch (e) {
      await rename(aside, dataDir)
      throw new Error(`Could not move the restored database ${verified} to ${dataDir} (${(e as Error).message}); ${dataDir} is as it was.`)
    }
    swapped = true
    await rm(path.join(aside, LOCK_FILE), { force: true })
    if (state === 'new') await rm(aside, { recursive: true, force: true })
    else console.log(`Kept the previous ${dataDir} as ${aside}`)
    console.log(`Restored ${file} into ${dataDir}`)
  } finally {
    await unlock()
    if (!existed && !swapped) await rmdir(dataDir).catch(() => undefined)
  }
}

/** Unpacks an archive into dir and checks that it is a whole database of this backend. */
async function unpack(archive: string, dir: string): Promise<void> {
  const bytes = await readFile(archive)
  // Every backup is gzip. Unpacking it here first checks its length and CRC, so a truncated or
  // corrupt archive is an error of this script instead of one thrown inside PGlite's untar.
  try {
    gunzipSync(bytes)
  } catch (e) {
    throw new Error(`not a whole gzip archive (${(e as Error).message})`)
  }
  const pg = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([bytes]), extensions: INTEGRITY_EXTENSIONS, startParams: PGLITE_START_PARAMS })
  try {
    const { rows } = await pg.query<{ ok: boolean }>(
      `select to_regclass('public.leads') is not null and to_regclass('supabase_migrations.schema_migrations') is not null as ok`,
    )
    if (!rows[0]?.ok) throw new Error('it holds no database of this backend (no public.leads table)')
    const damage = await findDamage(pg)
    if (damage.length) throw new Error(`its database does not read whole:\n${damage.map((line) => `  - ${line}`).join('\n')}`)
  } finally {
    await pg.close()
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = await main()
