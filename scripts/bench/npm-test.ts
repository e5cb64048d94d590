// Times `npm test` part by part (`npm run bench:test`). The parts
// are read from the "test" script in package.json (`npm run a && npm run b …`), so the timing
// follows the script. They run in a fresh copy of the working tree WITH its tests, from an empty
// dist/, so the build is part of the time, as in a real `npm test`. A timing, never an
// assertion: a failing part is recorded and the next one still runs.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { copyRepo, removeRepo } from './workspace'

export type TestPart = { part: string; ms: number; ok: boolean; tail: string }
export type TestTiming = { ms: number; ok: boolean; parts: TestPart[]; cpus: number; load: { before: number[]; after: number[] } }

/** ["build:quiet", "typecheck", …] from package.json's "test" script. */
export function testParts(packageJson: string): string[] {
  const script = (JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts: Record<string, string> }).scripts.test ?? ''
  const parts = script.split('&&').map((s) => s.trim().match(/^npm run (\S+)$/)?.[1])
  if (!parts.length || parts.some((p) => !p)) throw new Error(`package.json "test" is not a chain of \`npm run <script>\`: ${script}`)
  return parts as string[]
}

/** `only`: a subset of the parts, in the script's order (e.g. `npm run bench:test -- typecheck`). */
export function timeNpmTest(main: string, log: (msg: string) => void, only: string[] = []): TestTiming {
  const dir = copyRepo(main, 'npm-test', { withTests: true })
  const before = loadavg()
  const parts: TestPart[] = []
  try {
    for (const part of testParts(join(dir, 'package.json')).filter((p) => !only.length || only.includes(p))) {
      log(`npm test: ${part}…`)
      const start = performance.now()
      const r = spawnSync('npm', ['run', '--silent', part], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, CI: '1', FORCE_COLOR: '0', NO_COLOR: '1' },
        maxBuffer: 256 * 1024 * 1024,
      })
      const ms = performance.now() - start
      const text = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim()
      parts.push({
        part,
        ms,
        ok: r.status === 0,
        tail: text
          .split('\n')
          .filter((l) => !/^npm warn/.test(l))
          .slice(-3)
          .join('\n'),
      })
      log(`npm test: ${part} ${(ms / 1000).toFixed(1)} s${r.status === 0 ? '' : ' (failed)'}`)
    }
  } finally {
    removeRepo(dir)
  }
  return { ms: parts.reduce((sum, p) => sum + p.ms, 0), ok: parts.every((p) => p.ok), parts, cpus: cpus().length, load: { before, after: loadavg() } }
}

// `npm run bench:test [-- part …]`: this step alone, printed as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const timing = timeNpmTest(process.cwd(), (m) => console.log(`[bench] ${m}`), process.argv.slice(2))
  console.log(JSON.stringify(timing, null, 2))
}
