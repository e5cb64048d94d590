// `npm run db:backup` / `db:restore` (scripts/db-backup.ts) as the tests run them: runDbScript
// calls its main(args) in this process (no tsx start and PGlite compile per run), spawnDbScript
// starts the real `node --import tsx scripts/db-backup.ts` process. The spawned one is for what
// needs two processes: a restore refused because a server in the test process holds the data
// directory's lock (its pid, not this one's), which also proves the entry point and exit code.
import { execFile } from 'node:child_process'
import { main } from '../../scripts/db-backup'
import { captureConsole } from './console-capture'

export interface DbScriptRun {
  code: number
  stdout: string
  stderr: string
}

export async function runDbScript(...args: string[]): Promise<DbScriptRun> {
  const printed = captureConsole()
  try {
    const code = await main(args)
    return { code, stdout: printed.stdout(), stderr: printed.stderr() }
  } finally {
    printed.restore()
  }
}

export function spawnDbScript(...args: string[]): Promise<DbScriptRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}
