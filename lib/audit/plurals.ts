// Checks the plural and select forms of one text (lib/i18n/message.ts) for its locale: the syntax,
// and that every plural form gives exactly the categories the language has (Intl.PluralRules:
// English one/other, Turkish one/other, Arabic zero/one/two/few/many/other).
import { forms, type MessageNode, MessageSyntaxError, parseMessage, pluralCategories } from '../i18n/message'
import { PROBLEMS, type ProblemKind, type Severity } from './problem'

export type MessageFinding = { severity: Severity; kind: ProblemKind; message: string }

const names = (list: string[]) => list.join(', ')

export function messageFindings(text: string, locale: string, englishSelectors?: Map<string, string[]>): MessageFinding[] {
  if (!text.includes('{')) return []
  let nodes: MessageNode[]
  try {
    nodes = parseMessage(text)
  } catch (error) {
    if (!(error instanceof MessageSyntaxError)) throw error
    return [
      {
        severity: 'error',
        kind: PROBLEMS.messageSyntax,
        message: `${error.message} (at character ${error.offset + 1}); see "Plural and select forms" in TRANSLATING.md`,
      },
    ]
  }
  const findings: MessageFinding[] = []
  const wanted = pluralCategories(locale)
  for (const form of forms(nodes)) {
    const given = [...form.options.keys()]
    if (form.type === 'plural') {
      const missing = wanted.filter((c) => !form.options.has(c))
      const unknown = given.filter((c) => !c.startsWith('=') && !wanted.includes(c))
      if (missing.length) {
        findings.push({
          severity: 'error',
          kind: PROBLEMS.pluralForms,
          message: `{${form.name}, plural}: ${locale} needs the forms ${names(wanted)}; add ${names(missing)} (exact numbers like =0 may be added too)`,
        })
      }
      if (unknown.length) {
        findings.push({
          severity: 'warning',
          kind: PROBLEMS.pluralForms,
          message: `{${form.name}, plural}: ${names(unknown)} ${unknown.length === 1 ? 'is' : 'are'} not a plural form of ${locale} (${names(wanted)}) and never shown; delete ${unknown.length === 1 ? 'it' : 'them'}`,
        })
      }
    } else if (englishSelectors?.has(form.name)) {
      // Select values are code values (a unit, a process): the same set as English.
      const english = englishSelectors.get(form.name)!
      const differ = english.length !== given.length || english.some((v) => !form.options.has(v))
      if (differ)
        findings.push({
          severity: 'error',
          kind: PROBLEMS.pluralForms,
          message: `{${form.name}, select}: keep the values of English (${names(english)}); this text has ${names(given)}`,
        })
    }
  }
  return findings
}

/** The select values of an English text, per argument: translations must keep them. */
export function selectValues(text: string): Map<string, string[]> {
  const values = new Map<string, string[]>()
  try {
    for (const form of forms(parseMessage(text))) if (form.type === 'select') values.set(form.name, [...form.options.keys()])
  } catch {
    // A broken English text is reported by its own check.
  }
  return values
}
