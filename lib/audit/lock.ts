// Lock files: for each translated text, the hash of the English text the translation was made
// from. A changed English text no longer matches its hash, so the translation is stale. Works on
// a shallow clone: no git history needed.
//
// One lock file per translation file (content/audit.yml `lock: "i18n-lock/{file}"`):
// content/pages/home/de.yml → content/i18n-lock/pages/home/de.yml, content/guides/de/x.mdx →
// content/i18n-lock/guides/de/x.yml. Two pull requests that translate different pages touch
// different lock files, so they never conflict. Inside a file: text key → hash, sorted, and after
// the hash the text's review state when it is not plain "translated" ("a1b2c3d4e5f6 reviewed"):
// XLIFF 2.0's segment states, kept where the hash is so that an edited English text (a new hash)
// makes a reviewed text stale like any other. Files without states (the older format) read as
// every text "translated".
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import { filesUnder } from '../build/files-under'
import type { ContentFile, LocaleContent } from './collect'
import { yamlLeaves } from './yaml-leaves'

/** XLIFF 2.0 segment states, in order: a text is at least as far along as any state before its own. */
export const REVIEW_STATES = ['initial', 'translated', 'reviewed', 'final'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]
/** The state a lock entry without one has: a recorded translation nobody has reviewed. */
export const DEFAULT_STATE: ReviewState = 'translated'
export const stateRank = (state: ReviewState) => REVIEW_STATES.indexOf(state)
export const isReviewState = (value: string): value is ReviewState => (REVIEW_STATES as readonly string[]).includes(value)

/** The English text's hash the translation was made from, and how far the translation has got. */
export type LockEntry = { hash: string; state: ReviewState }
/** Unit id ("pages/home:blocks.0.heading", "ui:nav.home") → entry, for one locale. */
export type Lock = Map<string, LockEntry>
/** A locale's lock and, for each id, the lock file (under content/) it was read from. */
export type LocaleLock = { lock: Lock; origin: Map<string, string> }

const entrySchema = z
  .string()
  .regex(
    new RegExp(`^[0-9a-f]{12}(?: (?:${REVIEW_STATES.join('|')}))?$`),
    `a lock entry is 12 lowercase hex digits, optionally followed by a space and a state (${REVIEW_STATES.join(', ')}); run npm run audit:lock`,
  )
const entryOf = (value: string): LockEntry => {
  const [hash, state] = value.split(' ')
  return { hash: hash!, state: (state as ReviewState | undefined) ?? DEFAULT_STATE }
}

/** First 12 hex digits of SHA-256 of the text (line endings normalised). */
export const sourceHash = (text: string) => createHash('sha256').update(text.replace(/\r\n/g, '\n').trim()).digest('hex').slice(0, 12)

export class LockFileError extends Error {
  override name = 'LockFileError'
}

/** "i18n-lock/{file}" + "guides/de/x.mdx" → "i18n-lock/guides/de/x.yml" (under content/). */
export function lockPathFor(pattern: string, translationRel: string): string {
  return pattern.replace('{file}', translationRel.replace(/\.(ya?ml|mdx?)$/, '.yml'))
}

// The format writeLockFile produces, read without a YAML parser (lock files are many and small).
const LINE = /^"((?:[^"\\]|\\.)*)": "([0-9a-f]{12}(?: (?:initial|translated|reviewed|final))?)"$/

/** One lock file: text key → entry. A missing file is an empty lock. */
export function readLockFile(path: string, shownAs: string): Map<string, LockEntry> {
  if (!existsSync(path)) return new Map()
  const text = readFileSync(path, 'utf8')
  const fast = new Map<string, LockEntry>()
  for (const line of text.split(/\r?\n/)) {
    if (!line || line.startsWith('#') || line === '{}') continue
    const m = LINE.exec(line)
    if (!m) return readLockYaml(text, shownAs) // edited by hand or merged: read it as YAML
    fast.set(JSON.parse(`"${m[1]}"`) as string, entryOf(m[2]!))
  }
  return fast
}

function readLockYaml(text: string, shownAs: string): Map<string, LockEntry> {
  const parsed = yamlLeaves(text, { data: true })
  if (parsed.error) throw new LockFileError(`${shownAs}:${parsed.error.line}: ${parsed.error.message}`)
  const lock = new Map<string, LockEntry>()
  for (const [key, value] of Object.entries((parsed.data ?? {}) as Record<string, unknown>)) {
    const ok = entrySchema.safeParse(value)
    if (!ok.success) throw new LockFileError(`${shownAs}:${parsed.lines.get(key) ?? 1}: "${key}": ${ok.error.issues[0]!.message}`)
    lock.set(key, entryOf(ok.data))
  }
  return lock
}

/** "a1b2c3d4e5f6", or "a1b2c3d4e5f6 reviewed": the default state is not written, so most lines stay as they were. */
const entryText = ({ hash, state }: LockEntry) => (state === DEFAULT_STATE ? hash : `${hash} ${state}`)

export function lockFileText(entries: Map<string, LockEntry>): string {
  // Unchanged from the format without states, so that recording one file rewrites no other.
  const header =
    '# Generated by `npm run audit:lock`: each translated text of the file of the same path under\n# content/ → hash of the English text it was translated from. Do not edit by hand; see TRANSLATING.md.\n'
  const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  // JSON strings are valid YAML and keep every hash a string (an all-digit hash would be a number).
  return header + (sorted.length ? sorted.map(([key, entry]) => `${JSON.stringify(key)}: ${JSON.stringify(entryText(entry))}\n`).join('') : '{}\n')
}

/** Lock files (paths under content/) whose translation file no longer exists (renamed or deleted). */
export function orphanLockFiles(contentDir: string, pattern: string, translationRels: Set<string>): string[] {
  const root = pattern.slice(0, pattern.indexOf('{file}'))
  if (!root || !existsSync(join(contentDir, root))) return []
  const wanted = new Set([...translationRels].map((rel) => lockPathFor(pattern, rel)))
  return filesUnder(join(contentDir, root))
    .filter((f) => f.endsWith('.yml'))
    .map((f) =>
      f
        .slice(contentDir.length + 1)
        .split('\\')
        .join('/'),
    )
    .filter((rel) => !wanted.has(rel))
    .sort()
}

/** The lock of every translation file of a locale, merged into unit ids. */
export function readLocaleLock(contentDir: string, pattern: string, files: Iterable<ContentFile>, show: (rel: string) => string): LocaleLock {
  const lock: Lock = new Map()
  const origin = new Map<string, string>()
  for (const file of files) {
    const rel = lockPathFor(pattern, file.rel)
    for (const [key, entry] of readLockFile(join(contentDir, rel), show(rel))) {
      const id = `${file.prefix}:${key}`
      lock.set(id, entry)
      origin.set(id, rel)
    }
  }
  return { lock, origin }
}

/**
 * Writes back only the lock files whose entries changed (an emptied one is deleted), so a pull
 * request touches the lock files of the translation files it recorded and no others. Returns
 * the lock files written or deleted (paths under content/).
 */
export function writeLocaleLock(contentDir: string, pattern: string, { lock, origin }: LocaleLock, target: LocaleContent | undefined): string[] {
  const byFile = new Map<string, Map<string, LockEntry>>()
  const touched = new Set(origin.values())
  for (const [id, entry] of lock) {
    const unit = target?.units.get(id)
    const rel = unit ? lockPathFor(pattern, unit.at.rel) : origin.get(id)
    if (!rel) continue
    touched.add(rel)
    const entries = byFile.get(rel) ?? new Map<string, LockEntry>()
    byFile.set(rel, entries)
    entries.set(id.slice(id.indexOf(':') + 1), entry)
  }
  const changed: string[] = []
  for (const rel of [...touched].sort()) {
    const path = join(contentDir, rel)
    const entries = byFile.get(rel)
    const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined
    if (!entries?.size) {
      if (before !== undefined) {
        rmSync(path)
        changed.push(rel)
      }
      continue
    }
    const text = lockFileText(entries)
    if (text === before) continue
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
    changed.push(rel)
  }
  return changed
}

export type LockUpdate = { recorded: number; refreshed: number; removed: number; restated: number }
export type LockUpdateOptions = {
  /** Only texts of these files (paths as shown); without it, entries of texts that are gone go. */
  files?: Set<string>
  /** Only these keys (of `files`). */
  keys?: Set<string>
  /** Sets this state on every text recorded (else a current text keeps its state). */
  state?: ReviewState
  /** A stale text keeps its state when re-recorded (an English fix that changes no meaning). */
  keepState?: boolean
}

/**
 * Records the current English hash for every translated text of `target` (only in `files`, and
 * only the `keys`, when given). A text whose hash was current keeps its state; a stale one goes
 * back to "translated" (its review was of a translation of another English text) unless
 * `keepState`; `state` sets the state of every text recorded. Without `files`, entries of texts
 * that no longer exist or are no longer translated go.
 */
export function updateLock(lock: Lock, english: LocaleContent, target: LocaleContent | undefined, options: LockUpdateOptions = {}): LockUpdate {
  const { files, keys } = options
  const result: LockUpdate = { recorded: 0, refreshed: 0, removed: 0, restated: 0 }
  const translated = new Set<string>()
  for (const unit of target?.units.values() ?? []) {
    const source = english.units.get(unit.id)
    if (unit.structural || !source?.text || !unit.text?.trim()) continue
    translated.add(unit.id)
    if (files && !files.has(unit.at.file)) continue
    if (keys && !keys.has(unit.key)) continue
    const hash = sourceHash(source.text)
    const before = lock.get(unit.id)
    const kept = before && (before.hash === hash || options.keepState) ? before.state : DEFAULT_STATE
    const state = options.state ?? kept
    if (before?.hash === hash && before.state === state) continue
    if (!before) result.recorded++
    else if (before.hash !== hash) result.refreshed++
    else result.restated++
    lock.set(unit.id, { hash, state })
  }
  if (!files) {
    for (const id of [...lock.keys()]) {
      if (translated.has(id)) continue
      lock.delete(id)
      result.removed++
    }
  }
  return result
}
