// Build outputs taken unchanged from a cache (.generated/documents/cache, .generated/search,
// .generated/vike) are hard links to the cached file, not copies: copying the data sheets and
// search fragments would cost time on every build for bytes that are already on disk.
// Sharing the inode is safe only while nothing writes into a file of dist/ in place: a writer
// replaces the file instead (replaceFile), so the cached file keeps its bytes.
// Where a link cannot be made (another file system, a file system without hard links), it copies.
import { copyFileSync, linkSync, renameSync, rmSync, writeFileSync } from 'node:fs'

export function linkOrCopy(from: string, to: string): void {
  rmSync(to, { force: true })
  try {
    linkSync(from, to)
  } catch {
    copyFileSync(from, to)
  }
}

/** Writes `text` to `file` as a new file (written beside it, then renamed over it), never into the old one. */
export function replaceFile(file: string, text: string | Uint8Array): void {
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, text)
  renameSync(temp, file)
}
