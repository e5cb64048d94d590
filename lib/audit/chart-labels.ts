// Every finding kind of the audit (lib/audit/problem.ts) and QA check id (lib/audit/qa/checks.ts)
// in words a reader without the translators' glossary understands, for the report page's chart
// and table. Typed over ProblemKind: a new check without words here fails the typecheck.
import { PROBLEMS, type ProblemKind } from './problem'
import { QA } from './qa/ids'

export const CHECK_LABELS: Record<ProblemKind, string> & Record<string, string> = {
  [PROBLEMS.missing]: 'Not yet translated, shown in English',
  [PROBLEMS.missingFile]: 'Whole file not yet translated',
  [PROBLEMS.empty]: 'Left blank, shown in English',
  [PROBLEMS.placeholders]: 'Inserted names or figures differ from English',
  [PROBLEMS.stale]: 'Needs an update after an English change',
  [PROBLEMS.identical]: 'Still in English',
  [PROBLEMS.structure]: 'Page layout differs from English',
  [PROBLEMS.extra]: 'Text English no longer has',
  [PROBLEMS.duplicate]: 'Same text written twice',
  [PROBLEMS.noRoute]: 'English file on no page of the site',
  [PROBLEMS.syntax]: 'File cannot be read',
  [PROBLEMS.slugCollision]: 'Two pages with one web address',
  [PROBLEMS.unsafeSlug]: 'Web address with unsafe characters',
  [PROBLEMS.pluralForms]: 'Singular or plural wording missing',
  [PROBLEMS.messageSyntax]: 'Singular or plural wording broken',
  [PROBLEMS.orphanLock]: 'Leftover record of a deleted file',
  [PROBLEMS.notReviewed]: 'Must be checked by a reviewer before release',
  [QA.numbers]: 'Numbers or standard codes differ from English',
  [QA.dnt]: 'Brand or standard name translated',
  [QA.repeated]: 'Word repeated',
  [QA.doubleSpace]: 'Double space',
  [QA.edgeSpace]: 'Space at the start or end',
  [QA.invisible]: 'Invisible character',
  [QA.punctSpacing]: 'Space before punctuation (French)',
  [QA.scriptPunct]: 'Latin punctuation in Arabic text',
  [QA.inverted]: 'Opening ¿ or ¡ missing (Spanish)',
  [QA.quotes]: 'Quotation marks of another language',
  [QA.apostrophe]: 'Two kinds of apostrophe',
  [QA.endPunct]: 'Ends with other punctuation than English',
  [QA.register]: 'Reader addressed too informally',
  [QA.length]: 'Too long for its button or menu',
  [QA.range]: 'Number range written the wrong way',
  [QA.termForbidden]: 'Word the term list rules out',
  [QA.termMissing]: 'Agreed term not used',
  [QA.inconsistent]: 'One English text translated two ways',
  [QA.inconsistentSource]: 'Two English texts translated alike',
  [QA.silence]: 'Check switched off without effect',
}

/** The canonical order of checks: presence problems first, then the QA checks, as declared. */
export const CHECK_ORDER: string[] = Object.keys(CHECK_LABELS)

/** The words for a check id; an unknown id (a newer audit than this page) shows as itself. */
export const checkLabel = (check: string): string => CHECK_LABELS[check] ?? check
