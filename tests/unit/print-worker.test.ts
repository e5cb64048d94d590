// A large catalogue's sheets are printed by one process per core (scripts/documents/build.ts,
// ./print-worker.ts). A sheet printed there must be the very PDF the build prints in its own
// process, or a cold build and a warm one would ship different files.
import { fork } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sizeChart } from '../../scripts/documents/data-sheet'
import { type PrintJob, printSheet } from '../../scripts/documents/print'
import { tempDir } from '../setup/temp-dirs'

const runWorker = (jobs: PrintJob[]) =>
  new Promise<number | null>((done, fail) => {
    const child = fork('scripts/documents/print-worker.ts', { execArgv: ['--import', 'tsx'], stdio: 'pipe' })
    child.on('error', fail)
    child.on('exit', done)
    child.send(jobs)
  })

describe('a printing process', () => {
  it('prints each sheet it is sent, byte for byte as the build prints it itself, and leaves no temporary file', async () => {
    const dir = tempDir('print-worker-')
    const jobs = (['en', 'ar'] as const).map((locale) => ({
      sheet: sizeChart({ locale, pageUrl: `https://example.com/${locale}/downloads/`, date: '2026-11-26', formattedDate: '26.11.2026' }),
      pdf: join(dir, `${locale}.pdf`),
    }))
    expect(await runWorker(jobs)).toBe(0)
    for (const { sheet, pdf } of jobs) {
      expect(readFileSync(pdf).equals(printSheet(sheet))).toBe(true)
      expect(existsSync(`${pdf}.tmp`)).toBe(false)
    }
  })

  it('exits with an error when a sheet cannot be written', async () => {
    const dir = tempDir('print-worker-')
    const sheet = sizeChart({ locale: 'en', pageUrl: 'https://example.com/', date: '2026-11-26', formattedDate: '26.11.2026' })
    expect(await runWorker([{ sheet, pdf: join(dir, 'no-such-folder', 'en.pdf') }])).not.toBe(0)
  })
})
