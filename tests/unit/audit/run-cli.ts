// Runs the audit CLIs as child processes, the way CI and translators run them.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

export const fixture = (scenario: string) => `tests/fixtures/audit/${scenario}/content`
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

export function tempDir(prefix = 'audit-') {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

export function runCli(script: 'cli' | 'lock', args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/audit/${script}.ts`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GITHUB_ACTIONS: '', ...env },
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** npm run audit -- --content <fixture> --out <temp dir> */
export function audit(scenario: string, extra: string[] = [], env: Record<string, string> = {}) {
  const out = tempDir()
  return { out, ...runCli('cli', ['--content', fixture(scenario), '--out', out, ...extra], env) }
}
