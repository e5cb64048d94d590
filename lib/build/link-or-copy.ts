// Build outputs taken unchanged from a cache (.generated/documents/cache, .generated/search) are
// hard links to the cached file, not copies: copying the data sheets and search fragments took
// 1.4 s of a 16× build (issue 14) for bytes that are already on disk. Nothing writes into these
// files after the build (a new build unlinks dist/ and links again), so sharing the inode is safe.
// Where a link cannot be made (another file system, a file system without hard links), it copies.
import { copyFileSync, linkSync, rmSync } from 'node:fs'

export function linkOrCopy(from: string, to: string): void {
  rmSync(to, { force: true })
  try {
    linkSync(from, to)
  } catch {
    copyFileSync(from, to)
  }
}
