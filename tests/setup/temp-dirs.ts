// Temporary directories for unit tests. Each is removed when its test file ends
// (tests/setup/no-leftover-state.ts): with isolate: false a module-level afterAll in a helper
// runs for the first file that imports it only, and every later file's directories stayed in /tmp.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const made: string[] = []

export function tempDir(prefix = 'test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}
