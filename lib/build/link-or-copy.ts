// Build outputs taken unchanged from a cache (.generated/documents/cache, .generated/search) are
// hard links to the cached file, not copies: copying the data sheets and search fragments would
// cost time on every build for bytes that are already on disk. Nothing writes into such a file
// in place (every build starts from an empty dist/), so the cached file keeps its bytes. Where a link cannot be made (another file
// system, a file system without hard links), it copies.
import { copyFileSync, linkSync, rmSync } from 'node:fs'

export function linkOrCopy(from: string, to: string): void {
  rmSync(to, { force: true })
  try {
    linkSync(from, to)
  } catch {
    copyFileSync(from, to)
  }
}
