// The English a stale translation was made from. The lock keeps only its hash; the text itself is
// in git: walk the English file's history, newest first, and return the first version of the text
// whose hash is the lock's. Nothing new is stored, and a shallow clone or a file outside git just
// has no previous text (the caller says so).
import { execFileSync } from 'node:child_process'
import { dirname, relative } from 'node:path'
import { sourceHash } from '../lock'
import { mdxLeaves } from '../mdx-leaves'
import { yamlLeaves } from '../yaml-leaves'

/** How far back to look: a translation older than this many changes of its file is not found. */
const MAX_COMMITS = 200

/** `file` is the English file's absolute path. */
export type EnglishHistory = { find(file: string, key: string, hash: string): string | undefined }

/** One history reader per export: each English file's versions are read from git once. */
export function englishHistory(linkField?: string): EnglishHistory {
  const versions = new Map<string, Map<string, string>[]>()
  const read = (file: string): Map<string, string>[] => {
    let list = versions.get(file)
    if (list) return list
    list = []
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: dirname(file), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 })
    try {
      const path = relative(git('rev-parse', '--show-toplevel').trim(), file).split('\\').join('/')
      for (const sha of git('log', `-n${MAX_COMMITS}`, '--format=%H', '--', `:(top)${path}`).split('\n').filter(Boolean)) {
        const text = git('show', `${sha}:${path}`)
        const parsed = file.endsWith('.mdx') ? mdxLeaves(text, linkField) : yamlLeaves(text, { linkField })
        list.push(new Map(parsed.leaves.map((l) => [l.key, l.value ?? ''])))
      }
    } catch {
      // not a git checkout, or git missing: no history to offer
    }
    versions.set(file, list)
    return list
  }
  return {
    find(file, key, hash) {
      for (const version of read(file)) {
        const text = version.get(key)
        if (text !== undefined && sourceHash(text) === hash) return text
      }
      return undefined
    },
  }
}
