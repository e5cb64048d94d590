// Backup and restore of the local backend's database (.data/pglite by default).
//   npm run db:backup                        → .data/backups/pglite-<UTC time>.tar.gz
//   npm run db:backup -- --out file.tar.gz
//   npm run db:restore -- file.tar.gz        → into an absent or empty data directory
//   npm run db:restore -- file.tar.gz --replace   (moves the current directory aside first)
// Both take the data directory's lock, so they refuse to run while `npm start` uses it.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { checkDataDir, DEFAULT_DATA_DIR } from '../server/local-supabase/data-dir'
import { lockDataDir } from '../server/local-supabase/lock'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'data-dir': { type: 'string' },
    out: { type: 'string' },
    replace: { type: 'boolean', default: false },
  },
})
const [command, file] = positionals
const dataDir = path.resolve(values['data-dir'] ?? DEFAULT_DATA_DIR)
const stamp = new Date().toISOString().replace(/[:.]/g, '-')

async function backup(): Promise<void> {
  if ((await checkDataDir(dataDir)) === 'new') throw new Error(`${dataDir} holds no database to back up`)
  const unlock = await lockDataDir(dataDir)
  try {
    const pg = await PGlite.create(dataDir)
    const dump = await pg.dumpDataDir('gzip')
    await pg.close()
    const out = path.resolve(values.out ?? path.join(path.dirname(dataDir), 'backups', `pglite-${stamp}.tar.gz`))
    await mkdir(path.dirname(out), { recursive: true })
    await writeFile(out, Buffer.from(await dump.arrayBuffer()))
    console.log(`Backed up ${dataDir} to ${out}`)
  } finally {
    await unlock()
  }
}

async function restore(): Promise<void> {
  if (!file) throw new Error('Usage: npm run db:restore -- <backup.tar.gz> [--replace]')
  const archive = await readFile(path.resolve(file))
  if ((await checkDataDir(dataDir).catch(() => 'damaged')) !== 'new') {
    if (!values.replace) {
      throw new Error(`${dataDir} is not empty. Add --replace to move it aside (it is kept, renamed) and restore.`)
    }
    const aside = `${dataDir}.before-restore-${stamp}`
    await rename(dataDir, aside)
    console.log(`Moved the current ${dataDir} to ${aside}`)
  }
  await mkdir(dataDir, { recursive: true })
  const unlock = await lockDataDir(dataDir)
  try {
    const pg = await PGlite.create({ dataDir, loadDataDir: new Blob([archive]) })
    await pg.query('select 1')
    await pg.close()
    console.log(`Restored ${file} into ${dataDir}`)
  } finally {
    await unlock()
  }
}

try {
  if (command === 'backup') await backup()
  else if (command === 'restore') await restore()
  else throw new Error('Usage: node --import tsx scripts/db-backup.ts backup|restore ...')
} catch (e) {
  console.error(`db:${command ?? '?'}: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
}
