// PGlite has no lock of its own: two processes on one data directory silently corrupt it
// (e.g. the dev server started twice). A pid file refuses the second one.
import { open, readFile, rm } from 'node:fs/promises'
import path from 'node:path'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, 'local-supabase.pid')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx')
      await handle.writeFile(String(process.pid))
      await handle.close()
      return () => rm(file, { force: true })
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim())
      if (pid && pid !== process.pid && alive(pid)) {
        throw new Error(`${dir} is in use by another local Supabase server (pid ${pid})`)
      }
      if (pid === process.pid) throw new Error(`${dir} is already open in this process`)
      // Left behind by a crashed run: take it over.
      await rm(file, { force: true })
    }
  }
  throw new Error(`Could not lock ${dir}`)
}
