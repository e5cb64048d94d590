// The Node versions package.json "engines" names are the ones every installed package accepts
// (npm warns EBADENGINE on any other), and the ones the GitHub workflows run. semver is npm's own
// range logic (a dependency of several dev tools, not declared here: required, not imported, so
// the typecheck needs no types for it).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

type Semver = {
  valid: (version: string) => string | null
  satisfies: (version: string, range: string) => boolean
  subset: (sub: string, dom: string) => boolean
  intersects: (a: string, b: string) => boolean
  minVersion: (range: string) => { major: number } | null
  Range: new (range: string) => { set: { value: string }[][] }
}
const semver = createRequire(import.meta.url)('semver') as Semver

type LockPackages = Record<string, { version?: string; engines?: { node?: string } | string[] }>
const engines: string = JSON.parse(readFileSync('package.json', 'utf8')).engines.node
const lockPackages: LockPackages = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages

/** "path@version (range)" of every package whose engines.node leaves out a version `supported` allows. */
const refusing = (supported: string, packages: LockPackages) =>
  Object.entries(packages)
    .filter(([path, info]) => path !== '' && !Array.isArray(info.engines) && info.engines?.node && !semver.subset(supported, info.engines.node))
    .map(([path, info]) => `${path.replace(/^node_modules\//, '')}@${info.version} (${(info.engines as { node: string }).node})`)

/** The major version each alternative of a range starts at: "^22.16.0 || >=24.0.0" → [22, 24]. */
const lines = (range: string) => new semver.Range(range).set.map((comparators) => semver.minVersion(comparators.map((c) => c.value).join(' '))!.major)

describe('supported Node versions', () => {
  it('finds a package that refuses part of a range (the control for the check below)', () => {
    const packages: LockPackages = {
      '': { engines: { node: '>=1' } },
      'node_modules/a': { version: '1.0.0', engines: { node: '>=22' } },
      'node_modules/b': { version: '2.0.0', engines: { node: '^20.19.0 || ^22.16.0 || >= 24.0.0' } },
      'node_modules/c': { version: '3.0.0' },
    }
    expect(refusing('^22.12.0 || >=24.0.0', packages)).toEqual(['b@2.0.0 (^20.19.0 || ^22.16.0 || >= 24.0.0)'])
    expect(refusing('>=20.19.0 <21 || ^22.16.0 || >=24.0.0', packages)).toEqual(['a@1.0.0 (>=22)'])
    expect(lines('^22.16.0 || >=24.0.0')).toEqual([22, 24])
  })

  it('every package in package-lock.json accepts every Node version package.json "engines" allows', () => {
    expect(Object.values(lockPackages).filter((p) => p.engines).length).toBeGreaterThan(100)
    expect(refusing(engines, lockPackages)).toEqual([])
  })

  it('the Node pinned in .node-version (what .ci/run tests on when the machine\'s is older) is one exact version "engines" allows', () => {
    const pin = readFileSync('.node-version', 'utf8').trim()
    expect(semver.valid(pin), `.node-version: "${pin}" is not one exact version`).toBe(pin)
    expect(semver.satisfies(pin, engines), `.node-version ${pin} against engines ${engines}`).toBe(true)
    // The control: the machine's Node 20, which .ci/run replaces, is outside the range.
    expect(semver.satisfies('20.20.2', engines)).toBe(false)
  })

  it('CI tests every Node line "engines" allows; the release, the preview and Netlify build on one of them', () => {
    const workflow = (name: string) => parse(readFileSync(`.github/workflows/${name}`, 'utf8'))
    const tested: number[] = workflow('ci.yml').jobs.test.strategy.matrix.node
    expect(tested).toEqual(lines(engines))
    for (const name of ['release.yml', 'preview.yml']) {
      const version = String(workflow(name).env.NODE_VERSION)
      expect(tested.map(String), name).toContain(version)
    }
    expect(tested.map(String)).toContain(readFileSync('netlify.toml', 'utf8').match(/^\s*NODE_VERSION\s*=\s*"(\d+)"/m)?.[1])
    for (const version of tested) expect(semver.intersects(engines, String(version))).toBe(true)
  })
})
