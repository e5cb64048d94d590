// The command-line parsing shared by the project's CLIs (audit, audit:lock, i18n:export,
// i18n:import): node:util's parseArgs, and on a bad option its message and the usage on stderr.
// Each CLI exports main(args) for the unit tests and runs it only as the process's entry point.
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type ParseArgsConfig, parseArgs } from 'node:util'

/** The parsed arguments (config.args, or the command line), or null once the error and `usage` are printed: the caller exits 2. */
export function parseCliArgs<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> | null {
  try {
    return parseArgs(config)
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`)
    return null
  }
}

/** True when the module of `moduleUrl` (its import.meta.url) is the script node was started with, not an import (a test). */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1]
  if (!entry) return false
  const real = (file: string) => {
    try {
      return realpathSync(file)
    } catch {
      return file
    }
  }
  return real(entry) === real(fileURLToPath(moduleUrl))
}
