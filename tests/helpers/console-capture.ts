// What a CLI's main(args) prints when a test runs it in its own process, kept as the process
// would print it: console.log and console.info on stdout, console.error and console.warn on
// stderr, each call one line. runCli (tests/unit/audit/run-cli.ts) and runDbScript
// (tests/helpers/db-script.ts) use it; restore() puts the console back.
import { format } from 'node:util'
import { vi } from 'vitest'

export interface ConsoleCapture {
  stdout(): string
  stderr(): string
  restore(): void
}

export function captureConsole(): ConsoleCapture {
  const out: string[] = []
  const err: string[] = []
  const into =
    (lines: string[]) =>
    (...data: unknown[]) => {
      lines.push(`${format(...data)}\n`)
    }
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(into(out)),
    vi.spyOn(console, 'info').mockImplementation(into(out)),
    vi.spyOn(console, 'error').mockImplementation(into(err)),
    vi.spyOn(console, 'warn').mockImplementation(into(err)),
  ]
  return {
    stdout: () => out.join(''),
    stderr: () => err.join(''),
    restore: () => {
      for (const spy of spies) spy.mockRestore()
    },
  }
}
