// The QA checks' stable ids (TRANSLATING.md, "Quality checks"): findings, silences, the CSV
// and the report name checks by these. A module of its own, importing nothing, so the audit's
// problem kinds (lib/audit/problem.ts) can list them without a cycle.
export const QA = {
  numbers: 'qa-numbers',
  dnt: 'qa-dnt',
  repeated: 'qa-repeated-word',
  doubleSpace: 'qa-double-space',
  edgeSpace: 'qa-edge-space',
  invisible: 'qa-invisible-char',
  punctSpacing: 'qa-punct-spacing',
  scriptPunct: 'qa-script-punct',
  inverted: 'qa-inverted-marks',
  quotes: 'qa-quotes',
  apostrophe: 'qa-apostrophe',
  endPunct: 'qa-end-punct',
  register: 'qa-register',
  length: 'qa-length',
  range: 'qa-range',
  termForbidden: 'qa-term-forbidden',
  termMissing: 'qa-term-missing',
  inconsistent: 'qa-inconsistent',
  inconsistentSource: 'qa-inconsistent-source',
  silence: 'qa-silence',
} as const
export type QaCheck = (typeof QA)[keyof typeof QA]
export const QA_CHECKS = new Set<string>(Object.values(QA))
