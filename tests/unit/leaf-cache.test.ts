// The audit's parse cache (lib/audit/leaf-cache.ts): a cached run must give exactly what a run
// without the cache gives, an edited file must be parsed again, and a cache written by other
// parser code must not be used.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { leafCache } from '../../lib/audit/leaf-cache'
import { type AuditResult, runAudit } from '../../lib/audit/run'
import { tempDir } from '../setup/temp-dirs'
import { fixture } from './audit/run-cli'

const withoutTime = ({ elapsedMs: _, qaMs: __, ...rest }: AuditResult) => rest

describe('audit leaf cache', () => {
  const copy = (scenario: string) => {
    const dir = join(tempDir(), 'content')
    cpSync(fixture(scenario), dir, { recursive: true })
    return dir
  }

  /** A cache folder holding what a first audit of `dir` saved. */
  const primed = (dir: string) => {
    const cacheDir = tempDir()
    const first = leafCache(cacheDir)
    runAudit({ contentDir: dir, cwd: dir, leafCache: first })
    first.save()
    return { cacheDir, first }
  }

  it('a warm run parses nothing and finds exactly what an uncached run finds', () => {
    const dir = copy('missing-key')
    const cacheDir = tempDir()
    const reference = withoutTime(runAudit({ contentDir: dir, cwd: dir }))
    expect(reference.errors).toBeGreaterThan(0) // the fixture has findings to compare

    const cold = leafCache(cacheDir)
    expect(withoutTime(runAudit({ contentDir: dir, cwd: dir, leafCache: cold }))).toEqual(reference)
    cold.save()
    expect(cold.hits).toBe(0)
    expect(cold.misses).toBeGreaterThan(3)

    const warm = leafCache(cacheDir)
    expect(withoutTime(runAudit({ contentDir: dir, cwd: dir, leafCache: warm }))).toEqual(reference)
    expect([warm.hits, warm.misses]).toEqual([cold.misses, 0])
  })

  it('an edited file is parsed again, and the result equals an uncached run of the edited content', () => {
    const dir = copy('complete')
    const { cacheDir } = primed(dir)

    // A new English key (missing in Turkish) and a broken Turkish page file.
    writeFileSync(join(dir, 'ui/en.yml'), `${readFileSync(join(dir, 'ui/en.yml'), 'utf8')}footer.note: Made in Turkey\n`)
    writeFileSync(join(dir, 'pages/home/tr.yml'), 'title: "unclosed\n')
    const reference = withoutTime(runAudit({ contentDir: dir, cwd: dir }))
    expect(reference.problems.map((p) => `${p.file}:${p.line} ${p.key}`)).toEqual(expect.arrayContaining(['pages/home/tr.yml:2 ', 'ui/tr.yml:5 footer.note']))

    const second = leafCache(cacheDir)
    expect(withoutTime(runAudit({ contentDir: dir, cwd: dir, leafCache: second }))).toEqual(reference)
    expect(second.misses).toBe(2)
    second.save()
    // The broken file's error comes back from the cache with its line.
    const third = leafCache(cacheDir)
    expect(withoutTime(runAudit({ contentDir: dir, cwd: dir, leafCache: third }))).toEqual(reference)
    expect(third.misses).toBe(0)
  })

  it('a cache written by other parser code is not used', () => {
    const dir = copy('complete')
    const { cacheDir, first } = primed(dir)
    const file = join(cacheDir, 'leaves.json')
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version: 'other parser source' }))
    const second = leafCache(cacheDir)
    runAudit({ contentDir: dir, cwd: dir, leafCache: second })
    expect([second.hits, second.misses]).toEqual([0, first.misses])
  })
})
