// PGlite has no lock of its own: two processes on one data directory silently corrupt it
// (e.g. the dev server started twice, or a restore while the server runs). A pid file refuses
// the second one. The server, db:backup and db:restore all take it before touching the files.
import { open, readFile, rm } from 'node:fs/promises'
import path from 'node:path'

/** The lock's file name inside the data directory. */
export const LOCK_FILE = 'local-supabase.pid'

export class LockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the directory's lock, or throws LockedError while a live process holds it. A lock left
 * by a process that no longer runs (a crash, a kill -9) is taken over, and said so on stderr:
 * the previous run did not stop cleanly.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx')
      await handle.writeFile(String(process.pid))
      await handle.close()
      return () => rm(file, { force: true })
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim())
      if (pid === process.pid) throw new LockedError(`${dir} is already open in this process`)
      if (pid && alive(pid)) {
        throw new LockedError(
          `${dir} is in use by process ${pid} (a local Supabase server, db:backup or db:restore). Stop it first. ` +
            `If process ${pid} is something else (its pid was reused after a crash), delete ${file}.`,
        )
      }
      console.warn(`${dir}: taking over the lock of process ${pid || '(unknown)'}, which no longer runs (it did not stop cleanly)`)
      await rm(file, { force: true })
    }
  }
  throw new LockedError(`Could not lock ${dir}`)
}
