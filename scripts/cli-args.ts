// The command-line parsing shared by the project's CLIs (audit, audit:lock, i18n:export,
// i18n:import): node:util's parseArgs, and on a bad option its message and the usage on stderr.
import { type ParseArgsConfig, parseArgs } from 'node:util'

/** The parsed arguments, or null once the error and `usage` are printed: the caller exits 2. */
export function parseCliArgs<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> | null {
  try {
    return parseArgs(config)
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`)
    return null
  }
}
