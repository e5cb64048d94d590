// One process's share of the sheets to print, when ./build.ts prints many (a large catalogue, an
// empty cache) in one process per core: forked with its jobs as one IPC message, it prints each
// one as ./build.ts does in its own process (printJob, ./print.ts), and exits; a sheet that fails
// stops it with Typst's message. Nothing imports this file: it is only ever the forked entry.
import { type PrintJob, printJob } from './print'

process.once('message', (jobs: PrintJob[]) => {
  for (const job of jobs) printJob(job)
  process.exit(0) // the IPC channel would keep the process alive
})
