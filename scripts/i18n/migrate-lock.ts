// One-off (kept for branches that still have the old layout): splits the per-locale lock files
// content/i18n-lock/<locale>.yml into one lock file per translation file (lib/audit/lock.ts),
// losslessly: every entry lands in the lock file of the file its text is in, and the merged new
// files are compared with the old one before the old file is deleted.
// npm run i18n:migrate-lock [-- --content content]   (content/audit.yml must say lock: "i18n-lock/{file}")
import { existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { lockPathFor, readLocaleLock, readLockFile, writeLocaleLock, type LocaleLock } from '../../lib/audit/lock'
import { loadAudit } from '../../lib/audit/run'

const { content } = parseArgs({ options: { content: { type: 'string', default: 'content' } } }).values
const input = loadAudit(resolve(content))
const [, ...others] = input.routes.locales
let failed = false
for (const locale of others) {
  const oldRel = `i18n-lock/${locale}.yml`
  const oldPath = join(input.contentDir, oldRel)
  if (!existsSync(oldPath)) continue
  const old = readLockFile(oldPath, input.show(oldRel))
  const target = input.byLocale.get(locale)
  const files = [...(target?.files.values() ?? [])]
  const split: LocaleLock = { lock: new Map(), origin: new Map() }
  const lost: string[] = []
  for (const [id, entry] of old) {
    const prefix = id.slice(0, id.indexOf(':'))
    // A text no longer translated still belongs to the file of its page (kept, as before).
    const file = target?.units.get(id)?.at ?? files.find((f) => f.prefix === prefix)
    if (!file) {
      lost.push(id)
      continue
    }
    split.lock.set(id, entry)
    split.origin.set(id, lockPathFor(input.config.lock, file.rel))
  }
  const written = writeLocaleLock(input.contentDir, input.config.lock, split, target)
  const back = readLocaleLock(input.contentDir, input.config.lock, files, input.show).lock
  const same = back.size === old.size - lost.length && [...back].every(([id, { hash, state }]) => old.get(id)?.hash === hash && old.get(id)?.state === state)
  if (!same || lost.length) {
    failed = true
    console.error(
      `${input.show(oldRel)}: NOT removed: ${lost.length} entr${lost.length === 1 ? 'y has' : 'ies have'} no translation file (${lost.slice(0, 5).join(', ')}), read back ${back.size} of ${old.size}`,
    )
    continue
  }
  rmSync(oldPath)
  console.log(`${input.show(oldRel)}: ${old.size} entries → ${written.length} lock files; removed`)
}
process.exitCode = failed ? 1 : 0
