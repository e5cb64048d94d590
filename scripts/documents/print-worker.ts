// One process's share of the sheets to print, when ./build.ts prints many (a large catalogue, an
// empty cache) in one process per core. It receives its jobs as one IPC message, prints each one
// as ./build.ts would, and exits; a sheet that fails stops it with Typst's message.
import { renameSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Sheet } from './data-sheet'
import { printSheet } from './print'

export type PrintJob = { sheet: Sheet; pdf: string }

/** Prints a job's PDF under a temporary name, then renames it: an interrupted build never leaves a truncated sheet that later builds would take for a cached one. */
export function printJob({ sheet, pdf }: PrintJob): void {
  writeFileSync(`${pdf}.tmp`, printSheet(sheet))
  renameSync(`${pdf}.tmp`, pdf)
}

// Run as a forked process (./build.ts); importing this file (for printJob) starts nothing.
if (process.send && resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  process.once('message', (jobs: PrintJob[]) => {
    for (const job of jobs) printJob(job)
    process.exit(0) // the IPC channel would keep the process alive
  })
}
