// What a pull request changed in the English source, text by text: which texts were edited,
// added or removed, in which locales each edit sends a translation back to "stale", and a word
// diff of old and new English for the reviewer (jsdiff's diffWords). Read from the base branch's
// content and this branch's, with the audit's own loader, so a unit is the same thing everywhere.
import { diffWords } from 'diff'
import type { LocaleContent } from './collect'
import { type Lock, readLocaleLock, sourceHash } from './lock'
import { type AuditInput, loadAudit } from './run'

export type EnglishChange = {
  id: string
  file: string
  key: string
  kind: 'edited' | 'added' | 'removed'
  before?: string
  after?: string
  /** Locales whose translation was current with the old English and is now stale. */
  staleIn: string[]
  /** Markdown: removed words struck through, added words in bold. */
  wordDiff: string
}

const MAX_DIFF = 600

export function wordDiff(before: string, after: string): string {
  const md = (s: string) => s.replace(/[\\`*_~[\]|<>]/g, (c) => `\\${c}`).replace(/\s+/g, ' ')
  // Markers go around the words, the spaces beside them stay outside: "~~the~~ **each** shift".
  const mark = (value: string, marker: string) => {
    const [, lead, words, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(md(value))!
    return words ? `${lead}${marker}${words}${marker}${trail}` : md(value)
  }
  const out = diffWords(before, after)
    .map((part) => (part.added ? mark(part.value, '**') : part.removed ? mark(part.value, '~~') : md(part.value)))
    .join('')
    .replace(/~~\*\*/g, '~~ **')
    .trim()
  return out.length > MAX_DIFF ? `${out.slice(0, MAX_DIFF)}…` : out
}

/** Each locale's lock, read from its files once however many texts ask. */
export function lockReader(input: AuditInput): (locale: string) => Lock {
  const read = new Map<string, Lock>()
  return (locale) => {
    let lock = read.get(locale)
    if (!lock) {
      const files = input.byLocale.get(locale)?.files.values() ?? []
      read.set(locale, (lock = readLocaleLock(input.contentDir, input.config.lock, files, input.show).lock))
    }
    return lock
  }
}

const englishOf = (input: AuditInput): LocaleContent => input.byLocale.get(input.routes.locales[0]!) ?? { files: new Map(), units: new Map() }

export function englishChanges(baseContent: string, headContent: string): EnglishChange[] {
  const base = loadAudit(baseContent, baseContent)
  const head = loadAudit(headContent, headContent)
  const before = englishOf(base).units
  const after = englishOf(head).units
  const lockOf = lockReader(head)
  const changes: EnglishChange[] = []
  for (const [id, unit] of after) {
    if (unit.structural) continue
    const old = before.get(id)
    const text = unit.text ?? ''
    if (old && (old.text ?? '').trim() === text.trim()) continue
    const oldHash = old ? sourceHash(old.text ?? '') : undefined
    // Stale now: the locales whose lock recorded the OLD English for this text.
    const staleIn = head.routes.locales.slice(1).filter((locale) => {
      const target = head.byLocale.get(locale)
      if (!oldHash || !target?.units.has(id)) return false
      return lockOf(locale).get(id)?.hash === oldHash
    })
    changes.push({
      id,
      file: unit.at.file,
      key: unit.key,
      kind: old ? 'edited' : 'added',
      ...(old ? { before: old.text ?? '' } : {}),
      after: text,
      staleIn,
      wordDiff: old ? wordDiff(old.text ?? '', text) : wordDiff('', text),
    })
  }
  for (const [id, unit] of before)
    if (!unit.structural && !after.has(id))
      changes.push({ id, file: unit.at.file, key: unit.key, kind: 'removed', before: unit.text ?? '', staleIn: [], wordDiff: '' })
  return changes
}
