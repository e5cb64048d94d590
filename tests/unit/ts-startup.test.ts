// The bench's reading of which build tasks start through tsx, and of the imports Node's own
// resolver cannot follow (scripts/bench/ts-startup.ts): the module runs nothing when imported.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { extensionlessImports, tsxTasks } from '../../scripts/bench/ts-startup'

describe('TypeScript start-up bench', () => {
  it('finds the build tasks that start through tsx, with their arguments, and no other script', () => {
    const scripts = {
      'build:audit': 'node --import tsx scripts/audit/cli.ts --cache .generated/audit',
      'build:bundle': 'vike build',
      'build:guard': 'node --import tsx scripts/production-guard.ts',
      'build:both': 'node --import tsx scripts/a.ts && npm run b',
      audit: 'node --import tsx scripts/audit/cli.ts',
    }
    expect(tsxTasks(scripts)).toEqual([
      ['build:audit', 'scripts/audit/cli.ts', ['--cache', '.generated/audit']],
      ['build:guard', 'scripts/production-guard.ts', []],
    ])
    // The real package.json: every task of the build's graph (turbo.json) that starts through tsx.
    const real = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>
    const graph = [...readFileSync('turbo.json', 'utf8').matchAll(/^\s+"(build:[\w-]+)": \{/gm)].map((m) => m[1]!)
    const expected = graph.filter((task) => real[task]?.startsWith('node --import tsx '))
    expect(expected.length).toBeGreaterThan(3)
    expect(
      tsxTasks(real)
        .map(([name]) => name)
        .filter((name) => graph.includes(name)),
    ).toEqual(expected)
  })

  it('counts relative imports that name no file extension, and only those', () => {
    const source = [
      "import { a } from './a'",
      "import type { B } from '../b'",
      "import './side-effect'",
      "import c from './c.ts'",
      "import d from './d.json'",
      "import e from 'node:fs'",
      "const f = await import('./lazy')",
      "export { g } from './g.js'",
    ].join('\n')
    expect(extensionlessImports(source)).toEqual(['./a', '../b', './side-effect', './lazy'])
  })
})
