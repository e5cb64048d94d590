// The local database directory is either absent/empty (a new database is created) or a whole
// PostgreSQL data directory. Anything in between refuses to start: PGlite would silently
// initialise a fresh database over a directory that lost PG_VERSION, and every lead, user and
// TOTP factor would be gone without a word.
import { existsSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LOCK_FILE } from './lock'

/** Where `npm start`, `npm run dev` and the db:backup/db:restore scripts keep the local database. */
export const DEFAULT_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.data/pglite')

// Written by the server itself next to the database (lock.ts); not part of the database.
const OWN_FILES = new Set([LOCK_FILE])
// What PostgreSQL cannot run without; checked before PGlite touches the directory.
const REQUIRED = ['PG_VERSION', 'global/pg_control', 'base', 'pg_wal', 'pg_xact', 'postgresql.conf']

export class DataDirError extends Error {}
/** A restore stopped between moving the old directory aside and moving the new one in. */
export class InterruptedRestoreError extends DataDirError {}

/**
 * db:restore unpacks and checks an archive in `unpacking`, renames it to `verified` once it
 * reads whole, and only then swaps it in. Siblings of the data directory, so every rename
 * stays on one file system and is atomic.
 */
export const restoreStaging = (dir: string) => ({ unpacking: `${dir}.restore-unpacking`, verified: `${dir}.restore-verified` })

/** 'new' for a missing or empty directory, 'existing' for a complete one; throws otherwise. */
export async function checkDataDir(dir: string): Promise<'new' | 'existing'> {
  let entries: string[]
  try {
    entries = (await readdir(dir)).filter((e) => !OWN_FILES.has(e))
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new DataDirError(`Cannot read the local database directory ${dir}: ${(e as Error).message}`)
    }
    entries = []
  }
  if (entries.length === 0) {
    // Starting empty here would serve a new database while the restored one sits next to it.
    const staging = restoreStaging(dir).verified
    if (existsSync(staging)) {
      throw new InterruptedRestoreError(
        `A restore into ${dir} was interrupted: the restored database is in ${staging}, the previous one in ` +
          `${dir}.before-restore-<time> (if there was one). Refusing to start with an empty database. ` +
          `Move the one you want to ${dir}.`,
      )
    }
    return 'new'
  }
  const missing: string[] = []
  for (const rel of REQUIRED) {
    const ok = await stat(path.join(dir, rel)).then(
      (s) => (rel.includes('.') || rel === 'PG_VERSION' || rel.endsWith('pg_control') ? s.isFile() && s.size > 0 : s.isDirectory()),
      () => false,
    )
    if (!ok) missing.push(rel)
  }
  if (missing.length) {
    throw new DataDirError(
      `The local database directory ${dir} is damaged or incomplete (missing: ${missing.join(', ')}). ` +
        'Refusing to start, so nothing is initialised over it. Restore a backup with ' +
        '`npm run db:restore -- <backup.tar.gz>`, or move the directory away to start with an empty database.',
    )
  }
  return 'existing'
}
