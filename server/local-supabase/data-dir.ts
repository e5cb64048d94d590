// The local database directory is either absent/empty (a new database is created) or a whole
// PostgreSQL data directory. Anything in between refuses to start: PGlite would silently
// initialise a fresh database over a directory that lost PG_VERSION, and every lead, user and
// TOTP factor would be gone without a word.
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where `npm start`, `npm run dev` and the db:backup/db:restore scripts keep the local database. */
export const DEFAULT_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.data/pglite')

// Written by the server itself next to the database (lock.ts); not part of the database.
const OWN_FILES = new Set(['local-supabase.pid'])
// What PostgreSQL cannot run without; checked before PGlite touches the directory.
const REQUIRED = ['PG_VERSION', 'global/pg_control', 'base', 'pg_wal', 'pg_xact', 'postgresql.conf']

export class DataDirError extends Error {}

/** 'new' for a missing or empty directory, 'existing' for a complete one; throws otherwise. */
export async function checkDataDir(dir: string): Promise<'new' | 'existing'> {
  let entries: string[]
  try {
    entries = (await readdir(dir)).filter((e) => !OWN_FILES.has(e))
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'new'
    throw new DataDirError(`Cannot read the local database directory ${dir}: ${(e as Error).message}`)
  }
  if (entries.length === 0) return 'new'
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
