// Runs around every unit test file (vitest.config.ts, setupFiles). The files of a worker share
// their modules (isolate: false), so a file that leaves process.env or the working directory
// changed would change the files after it: such a file fails here, naming what it left. The
// temporary directories the file made with tempDir (tests/setup/temp-dirs.ts) are removed.
import { afterAll, beforeAll, expect } from 'vitest'
import { removeTempDirs } from './temp-dirs'

let env: Record<string, string | undefined> = {}
let cwd = ''

beforeAll(() => {
  env = { ...process.env }
  cwd = process.cwd()
})

afterAll(() => {
  removeTempDirs()
  const changed = [...new Set([...Object.keys(env), ...Object.keys(process.env)])].filter((k) => env[k] !== process.env[k])
  expect(changed, 'process.env variables this file changed and did not restore').toEqual([])
  expect(process.cwd(), 'working directory').toBe(cwd)
})
