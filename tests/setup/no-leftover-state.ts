// Runs around every unit test file (vitest.config.ts, setupFiles). The files of a worker share
// their modules (isolate: false), so a file that leaves process.env or the working directory
// changed would change the files after it: such a file fails here, naming what it left.
import { afterAll, beforeAll, expect } from 'vitest'

let env: Record<string, string | undefined> = {}
let cwd = ''

beforeAll(() => {
  env = { ...process.env }
  cwd = process.cwd()
})

afterAll(() => {
  const changed = [...new Set([...Object.keys(env), ...Object.keys(process.env)])].filter((k) => env[k] !== process.env[k])
  expect(changed, 'process.env variables this file changed and did not restore').toEqual([])
  expect(process.cwd(), 'working directory').toBe(cwd)
})
