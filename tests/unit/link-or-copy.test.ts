// lib/build/link-or-copy.ts: cached build outputs (data sheets) reach dist/ as hard
// links. The target must end up with the cache's bytes, replace whatever was there, and survive
// the cache entry being deleted (the search cache prunes old entries after linking).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { linkOrCopy } from '../../lib/build/link-or-copy'

const dir = mkdtempSync(join(tmpdir(), 'link-or-copy-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('linkOrCopy', () => {
  it('links the cached file in place of an older output, and the output outlives the cache entry', () => {
    const cached = join(dir, 'cached.pdf')
    const output = join(dir, 'output.pdf')
    writeFileSync(cached, 'sheet v2')
    writeFileSync(output, 'sheet v1, from the last build')
    linkOrCopy(cached, output)
    expect(readFileSync(output, 'utf8')).toBe('sheet v2')
    expect(statSync(output).ino).toBe(statSync(cached).ino)
    rmSync(cached)
    expect(readFileSync(output, 'utf8')).toBe('sheet v2')
  })
})
