// The prerender writes each page over the file the last build left for it, rather than as a new
// file beside the last site's deleted ones. On a file system without a journal (ext4 as CI and
// the bench run it) the kernel will not hand out an inode freed in the last minutes, and skips
// each such inode one by one when it makes a new file or folder: a build that deleted the last
// site's page files and folders and then made as many again spent much of its prerender in the
// kernel (`npm run bench` measures the rebuilds).
//
// So `npm run build` still starts from no dist/ (it moves the last one into OLD_SITES, and
// build:tidy deletes it once the prerender has ended), and the prerender first takes the last
// site's page folders back (adoptPageFolders), writes every page, then removes what the last site
// had and this one does not (removeOthers): its outputs are exactly its pages, as from an empty
// folder (tests/unit/reuse-pages.test.ts).
import { existsSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { filesUnder } from './files-under'

/** Where `npm run build` (package.json) moves the last dist/, one folder per build, named "<ms>-<pid>". */
export const OLD_SITES = '.turbo/old-dist'

/** The client folder of the newest site in `oldSites`, if there is one. */
export function lastSite(oldSites = OLD_SITES): string | undefined {
  if (!existsSync(oldSites)) return undefined
  const newest = readdirSync(oldSites)
    .filter((name) => /^\d+-\d+$/.test(name))
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]))
    .pop()
  return newest && existsSync(join(oldSites, newest, 'client')) ? join(oldSites, newest, 'client') : undefined
}

/** The top folders that hold pages: the first folder of each of `pageFiles` (paths relative to the site). */
export const pageFolders = (pageFiles: string[]) => new Set(pageFiles.filter((file) => file.includes(sep)).map((file) => file.split(sep)[0]!))

/**
 * Moves the top folders that hold pages (pageFolders) from `previous` into `site`, where the
 * prerender writes over their files. A folder already in `site` (another task's) is left where it
 * is. Returns the folders moved.
 */
export function adoptPageFolders(previous: string | undefined, site: string, pageFiles: string[]): string[] {
  if (!previous) return []
  const adopted: string[] = []
  for (const root of pageFolders(pageFiles)) {
    if (!existsSync(join(previous, root)) || existsSync(join(site, root))) continue
    renameSync(join(previous, root), join(site, root))
    adopted.push(root)
  }
  return adopted
}

/**
 * Removes every file under the `adopted` folders of `site` that is not in `keep` (paths relative
 * to `site`), and the folders that leaves empty. Returns how many files it removed.
 */
export function removeOthers(site: string, adopted: string[], keep: Set<string>): number {
  let removed = 0
  for (const root of adopted) {
    if (!existsSync(join(site, root))) continue
    for (const file of filesUnder(join(site, root))) {
      if (keep.has(relative(site, file))) continue
      rmSync(file)
      removed++
      // The folders it leaves empty, from the file's up to (not including) the site
      for (let dir = dirname(file); relative(site, dir) !== ''; dir = dirname(dir)) {
        if (readdirSync(dir).length) break
        rmdirSync(dir)
      }
    }
  }
  return removed
}
