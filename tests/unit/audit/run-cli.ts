// Runs the audit and XLIFF CLIs the way CI and translators run them: runCli calls the script's
// main(args) in this process (what most tests use: no ~1 s of tsx, zod and yaml loading per
// run), spawnCli starts the real `node --import tsx scripts/...ts` (one test per CLI keeps
// proving the entry point, exit code and output of a real process). Both answer the same
// { code, stdout, stderr }.
import { spawnSync } from 'node:child_process'
import { captureConsole } from '../../helpers/console-capture'
import { tempDir as makeTempDir } from '../../setup/temp-dirs'
import { main as auditMain } from '../../../scripts/audit/cli'
import { main as lockMain } from '../../../scripts/audit/lock'
import { main as exportMain } from '../../../scripts/i18n/export'
import { main as importMain } from '../../../scripts/i18n/import'

export const fixture = (scenario: string) => `tests/fixtures/audit/${scenario}/content`

/** A temporary directory, removed when the test file ends. */
export const tempDir = (prefix = 'audit-') => makeTempDir(prefix)

const CLIS = {
  cli: { script: 'scripts/audit/cli.ts', main: auditMain },
  lock: { script: 'scripts/audit/lock.ts', main: lockMain },
  export: { script: 'scripts/i18n/export.ts', main: exportMain },
  import: { script: 'scripts/i18n/import.ts', main: importMain },
}
export type Cli = keyof typeof CLIS
export type CliRun = { code: number | null; stdout: string; stderr: string }
export type CliRunner = (cli: Cli, args: string[], env?: Record<string, string>) => CliRun

/** The CLI as a child process. GITHUB_ACTIONS is cleared (unless `env` sets it), as on a laptop. */
export const spawnCli: CliRunner = (cli, args, env = {}) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLIS[cli].script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GITHUB_ACTIONS: '', ...env },
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/**
 * The CLI's main(args) in this process, with the same environment as spawnCli for the call and
 * what it prints collected as the process would print it: console.log and console.info on stdout,
 * console.error and console.warn on stderr, each call one line.
 */
export const runCli: CliRunner = (cli, args, env = {}) => {
  const printed = captureConsole()
  const vars = { GITHUB_ACTIONS: '', ...env }
  const saved = Object.entries(vars).map(([name]) => [name, process.env[name]] as const)
  Object.assign(process.env, vars)
  try {
    const code = CLIS[cli].main(args)
    return { code, stdout: printed.stdout(), stderr: printed.stderr() }
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    printed.restore()
  }
}

/** npm run audit -- --content <fixture> --out <temp dir> (in this process unless `run` is spawnCli) */
export function audit(scenario: string, extra: string[] = [], env: Record<string, string> = {}, run: CliRunner = runCli) {
  const out = tempDir()
  return { out, ...run('cli', ['--content', fixture(scenario), '--out', out, ...extra], env) }
}
