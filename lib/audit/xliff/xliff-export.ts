// What a locale lacks, has stale or has broken, as an XLIFF 2.0 document for a translation
// agency: `npm run i18n:export -- de`. The same rules as the audit decide what is required
// (content/routes.yml), what is stale (the lock files) and what is broken (placeholders, plural
// and select forms: textFindings), so an export covers the audit's "missing", "empty", "stale"
// and text errors. A broken text goes out with its current translation as the target and a note
// saying what is wrong: whoever can fix the language gets to see it.
// With `review` (--review) the export also carries every current translation not yet reviewed,
// with its state from the lock file ("translated"), for a reviewer; with `all` (--all) every
// current translation whatever its state. The states come back with npm run i18n:import.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isMap, isScalar, parseDocument } from 'yaml'
import { isRequired, textFindings } from '../compare'
import type { Unit } from '../collect'
import { DEFAULT_STATE, readLocaleLock, sourceHash, stateRank } from '../lock'
import { unitDirectives } from '../qa/unit-qa'
import type { AuditInput } from '../run'
import { lengthNote } from '../translator-note'
import { type KeyUsage, usedOnText } from '../../i18n/key-usage'
import { englishHistory } from './previous-english'
import { placeholdersOf } from '../../i18n/translate'
import type { XliffDocument, XliffFile, XliffNote } from './xliff'

export class ExportError extends Error {
  override name = 'ExportError'
}

/** Note categories the import reads back: the English text's hash when it was exported. */
export const SOURCE_HASH = 'source-hash'

/** What the export includes beside what is missing, stale or broken: nothing, current texts not yet reviewed, or every current text. */
export type ExportScope = 'needed' | 'review' | 'all'

// Comment lines that speak to the audit, not to people (lib/audit/qa/directives.ts): their
// note and length limit go out as notes of their own.
const DIRECTIVE = /^(?:note|max-length|qa-allow)\b/

/** The comment above a UI key in the English file: the developers' note to translators. */
function uiComments(file: string): Map<string, string> {
  const comments = new Map<string, string>()
  const doc = parseDocument(readFileSync(file, 'utf8'))
  if (!isMap(doc.contents)) return comments
  for (const pair of doc.contents.items) {
    const comment = isScalar(pair.key) ? pair.key.commentBefore : undefined
    const free = comment
      ?.split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !DIRECTIVE.test(l))
      .join('\n')
    if (free && isScalar(pair.key)) comments.set(String(pair.key.value), free)
  }
  return comments
}

export function exportLocale(
  input: AuditInput,
  locale: string,
  scope: ExportScope = 'needed',
  /** The last build's UI key usage (./key-usage.ts): the pages a UI key is on; none before a build. */
  usage?: KeyUsage,
): { doc: XliffDocument; missing: number; stale: number; broken: number; current: number } {
  const [source, ...others] = input.routes.locales
  if (!others.includes(locale)) throw new ExportError(`"${locale}" is not a translated locale (${others.join(', ')}; ${source} is the source language)`)
  const english = input.byLocale.get(source!)
  if (!english) throw new ExportError(`no ${source} content found`)
  const target = input.byLocale.get(locale)
  const { lock } = readLocaleLock(input.contentDir, input.config.lock, target?.files.values() ?? [], input.show)
  const files = new Map<string, XliffFile>()
  const comments = new Map<string, Map<string, string>>()
  let missing = 0
  let stale = 0
  let broken = 0
  let current = 0
  const history = englishHistory(input.config.linkField)

  for (const unit of english.units.values()) {
    if (unit.structural || !unit.text?.trim() || !isRequired(unit, locale, input.routes)) continue
    const translation = target?.units.get(unit.id)
    const hash = sourceHash(unit.text)
    const has = Boolean(translation?.text?.trim())
    const locked = lock.get(unit.id)
    const isStale = has && locked !== undefined && locked.hash !== hash
    const errors = has ? textFindings(unit, translation!.text!, locale).filter((f) => f.severity === 'error') : []
    const isCurrent = has && !isStale && !errors.length
    const state = isCurrent ? (locked?.state ?? DEFAULT_STATE) : 'initial'
    if (isCurrent && (scope === 'needed' || (scope === 'review' && stateRank(state) >= stateRank('reviewed')))) continue
    if (errors.length) broken++
    else if (isStale) stale++
    else if (isCurrent) current++
    else missing++

    const file = unit.at.inLocale(locale)
    const entry = files.get(file) ?? { original: file, units: [] }
    files.set(file, entry)
    const notes: XliffNote[] = []
    const { note, maxLength } = unitDirectives(unit)
    if (unit.ui) {
      let byKey = comments.get(unit.at.file)
      if (!byKey) comments.set(unit.at.file, (byKey = uiComments(`${input.contentDir}/${unit.at.rel}`)))
      const comment = byKey.get(unit.key)
      if (comment) notes.push({ category: 'description', text: comment })
    }
    if (note) notes.push({ category: 'description', text: note })
    // XLIFF 2.0 core has no length attribute and the size-restriction module (slr:) is optional
    // and read by few CAT tools: the limit goes out as a note every tool shows.
    if (maxLength !== undefined) notes.push({ category: 'max-length', text: lengthNote(maxLength) })
    notes.push({ category: 'context', text: context(unit, locale, input, usage) })
    const names = placeholdersOf(unit.text)
    if (names.length)
      notes.push({
        category: 'placeholders',
        text: `Keep ${names.map((n) => `{${n}}`).join(' ')} exactly as in English; see TRANSLATING.md for plural and select forms.`,
      })
    notes.push({ category: 'state', text: isCurrent ? currentNote(state) : stateNote(isStale, errors, unit.at.file) })
    // The English the stale target was translated from, from git (the lock keeps only its hash).
    const previous = isStale ? history.find(join(input.contentDir, unit.at.rel), unit.key, locked!.hash) : undefined
    if (previous !== undefined) notes.push({ category: 'previous-source', text: previous })
    notes.push({ category: SOURCE_HASH, text: hash })
    entry.units.push({ key: unit.key, source: unit.text, ...(has ? { target: translation!.text!, state } : {}), notes })
  }
  return { doc: { srcLang: source!, trgLang: locale, files: [...files.values()] }, missing, stale, broken, current }
}

const currentNote = (state: string) =>
  `current: translated from this English text, ${state}; review it and set the segment state to reviewed (or final), or correct the target`

/** Why the unit is in the export; the import reads none of it. */
function stateNote(isStale: boolean, errors: { kind: string; message: string }[], englishFile: string): string {
  if (!errors.length)
    return isStale
      ? `stale: the English text changed after this was translated; the target is the old translation, update it (the previous English is in the previous-source note when git has it, else see git log -p ${englishFile})`
      : 'missing: not translated yet'
  const what = errors.map((e) => `${e.kind}: ${e.message}`).join('; ')
  return `error: the target is the current translation and cannot be used as it is (${what})${isStale ? '; the English text also changed since it was translated' : ''}; correct it`
}

function context(unit: Unit, locale: string, input: AuditInput, usage: KeyUsage | undefined): string {
  const where = `English: ${unit.at.file}:${unit.line}, key ${unit.key}`
  const route = unit.route ? input.routes.routes.get(unit.route) : undefined
  const page = route?.paths[locale]
    ? `; page ${route.paths[locale]} (English ${route.paths[input.routes.locales[0]!] ?? '-'})`
    : unit.ui
      ? `; interface text (menus, buttons, notices)${usage ? `, ${usedOnText(usage, unit.key, locale)}` : ''}`
      : ''
  const link = unit.link ? `; link text for ${unit.link}` : ''
  return where + page + link
}
