// The prerender writes over the last site's page files (lib/build/reuse-pages.ts): it takes back
// the page folders, and after writing removes what the new site lacks, so that its output is the
// same as from an empty folder.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { filesUnder } from '../../lib/build/files-under'
import { adoptPageFolders, lastSite, removeOthers } from '../../lib/build/reuse-pages'

const dirs: string[] = []
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'reuse-pages-'))
  dirs.push(dir)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
  return dir
}
const listed = (dir: string) => filesUnder(dir).map((f) => f.slice(dir.length + 1))

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('writing pages over the last site', () => {
  it('finds the newest of the last sites by the time in its name, not by its spelling', () => {
    const old = tree({ '999-7/client/index.html': '', '1000-3/client/index.html': '', 'notes.txt': '' })
    expect(lastSite(old)).toBe(join(old, '1000-3', 'client'))
    expect(lastSite(join(old, 'absent'))).toBeUndefined()
  })

  it('takes back the folders that hold pages, file for file, and leaves what another task wrote', () => {
    const previous = tree({ 'en/a/index.html': 'old a', 'tr/b/index.html': 'old b', 'assets/app.js': 'old code', 'index.html': 'old home' })
    const site = tree({ 'assets/app.js': 'new code' })
    const inode = statSync(join(previous, 'en/a/index.html')).ino

    const adopted = adoptPageFolders(previous, site, ['index.html', 'en/a/index.html', 'tr/b/index.html', 'de/c/index.html', 'assets/x/index.html'])

    expect(adopted.sort()).toEqual(['en', 'tr'])
    expect(statSync(join(site, 'en/a/index.html')).ino).toBe(inode)
    expect(readFileSync(join(site, 'assets/app.js'), 'utf8')).toBe('new code')
    expect(listed(previous)).toEqual(['assets/app.js', 'index.html'])
    expect(adoptPageFolders(undefined, site, ['en/a/index.html'])).toEqual([])
  })

  it('removes the pages the new site lacks, and the folders that leaves empty, within the folders it took', () => {
    const site = tree({
      'en/a/index.html': 'a',
      'en/gone/deeper/index.html': 'stale',
      'en/b/index.html': 'b',
      'en/b/old.html': 'stale',
      'tr/404.html': '404',
      'assets/app.js': 'code',
    })

    const removed = removeOthers(site, ['en', 'tr'], new Set(['en/a/index.html', 'en/b/index.html', 'tr/404.html']))

    expect(removed).toBe(2)
    expect(listed(site)).toEqual(['assets/app.js', 'en/a/index.html', 'en/b/index.html', 'tr/404.html'])
    expect(() => statSync(join(site, 'en/gone'))).toThrow()
  })
})
