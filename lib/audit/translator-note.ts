// What the English file tells translators about one text: the `# note:` and `# max-length:`
// comment lines above its key (lib/audit/qa/directives.ts). Shown in the XLIFF export's notes and
// in the audit's items CSV next to every finding about that key.
import type { Unit } from './collect'
import { unitDirectives } from './qa/unit-qa'

/** "Shown on the order button. At most 24 characters.", or undefined when the key has neither. */
export function translatorNote(unit: Unit): string | undefined {
  const { note, maxLength } = unitDirectives(unit)
  const parts = [note, maxLength !== undefined ? lengthNote(maxLength) : undefined].filter(Boolean)
  return parts.length ? parts.join(' ') : undefined
}

/** The length limit in words: placeholders do not count, as in the qa-length check. */
export const lengthNote = (max: number) => `At most ${max} characters, {placeholders} not counted.`
