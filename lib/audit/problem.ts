// One finding of the audit. Every finding names a file and a key, and the English text it is about.
import type { QaCheck } from './qa/ids'

export type Severity = 'error' | 'warning'

export const PROBLEMS = {
  missing: 'missing',
  missingFile: 'missing file',
  empty: 'empty',
  placeholders: 'placeholder mismatch',
  stale: 'stale',
  identical: 'identical to English',
  structure: 'structure mismatch',
  extra: 'not in English',
  duplicate: 'duplicate key',
  noRoute: 'no route',
  syntax: 'syntax error',
  slugCollision: 'slug collision',
  unsafeSlug: 'unsafe slug',
  pluralForms: 'plural forms',
  messageSyntax: 'message syntax',
  orphanLock: 'orphan lock file',
  notReviewed: 'not reviewed',
} as const
export type ProblemKind = (typeof PROBLEMS)[keyof typeof PROBLEMS] | QaCheck

export type Problem = {
  severity: Severity
  kind: ProblemKind
  locale: string
  /** Path relative to the working directory, e.g. content/ui/tr.yml. */
  file: string
  line?: number
  /** The key inside the file: "nav.label", "blocks.2.heading", "body", "pages.quote.tr". */
  key: string
  /** What is wrong and how to fix it, without file, key or English text (printed around it). */
  message: string
  /** The English source text the finding is about. */
  english?: string
  /** Where that English text is, "content/ui/en.yml:12". */
  englishAt?: string
  /** The English file's `# note:` / `# max-length:` for this key (lib/audit/translator-note.ts). */
  note?: string
  /** Summed up by a "missing file" finding: listed in the CSV, not printed one by one. */
  quiet?: boolean
}
