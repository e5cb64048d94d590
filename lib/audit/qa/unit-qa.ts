// Runs the QA checks on one unit and places each finding: the line in the file, and whether a
// `qa-allow` comment next to the key silences it (lib/audit/qa/directives.ts). Every silence is
// recorded in the run's ledger, so one that silences nothing is reported.
import { performance } from 'node:perf_hooks'
import type { Unit } from '../collect'
import type { Problem } from '../problem'
import { type QaFinding, surfaceFindings, targetFindings } from './checks'
import { QA, QA_CHECKS } from './ids'
import { type Directives, directivesAbove, directivesInBody, type Silence } from './directives'
import type { QaRules } from './rules'

export type Placed = { severity: Problem['severity']; kind: Problem['kind']; message: string; file: string; line: number }

const memo = new WeakMap<Unit, Directives>()
export function unitDirectives(unit: Unit): Directives {
  let found = memo.get(unit)
  if (!found) {
    found = unit.key === 'body' && unit.at.rel.endsWith('.mdx') ? directivesInBody(unit.text ?? '', unit.line) : directivesAbove(unit.at.lines, unit.line)
    memo.set(unit, found)
  }
  return found
}

/** The file line of offset `index` in the unit's text: exact for MDX bodies and YAML block
 *  scalars (| and >, whose text starts on the next line), the key's line otherwise. */
export function lineOf(unit: Unit, index: number): number {
  const newlines = (unit.text ?? '').slice(0, index).split('\n').length - 1
  if (unit.key === 'body') return unit.line + newlines
  const raw = unit.at.lines[unit.line - 1] ?? ''
  return /:\s*[|>][-+0-9]*\s*(?:#.*)?$/.test(raw) ? unit.line + 1 + newlines : unit.line
}

/** The run's record of silences: which were used, so the unused ones can be reported. */
export class SilenceLedger {
  private readonly used = new Set<Silence>()
  private readonly seen = new Map<Silence, Unit>()
  use(silence: Silence) {
    this.used.add(silence)
  }
  see(unit: Unit, silences: Silence[]) {
    for (const s of silences) this.seen.set(s, unit)
  }
  /** Silences that silenced nothing, and directives that are malformed. */
  leftovers(): { unit: Unit; placed: Placed }[] {
    const out: { unit: Unit; placed: Placed }[] = []
    for (const [silence, unit] of this.seen) {
      if (!QA_CHECKS.has(silence.check))
        out.push({
          unit,
          placed: {
            severity: 'error',
            kind: QA.silence,
            message: `qa-allow ${silence.check}: no such check (the checks: TRANSLATING.md, "Quality checks")`,
            file: unit.at.file,
            line: silence.line,
          },
        })
      else if (!this.used.has(silence))
        out.push({
          unit,
          placed: {
            severity: 'warning',
            kind: QA.silence,
            message: `qa-allow ${silence.check} silences nothing here any more: delete the comment`,
            file: unit.at.file,
            line: silence.line,
          },
        })
    }
    return out
  }
}

export function place(unit: Unit, findings: QaFinding[], ledger: SilenceLedger): Placed[] {
  const directives = unitDirectives(unit)
  ledger.see(unit, directives.silences)
  const placed: Placed[] = directives.bad.map((b) => ({ severity: 'error' as const, kind: QA.silence, message: b.message, file: unit.at.file, line: b.line }))
  for (const f of findings) {
    const silence = directives.silences.find((s) => s.check === f.check)
    if (silence) {
      ledger.use(silence)
      continue
    }
    placed.push({ severity: f.severity, kind: f.check, message: f.message, file: unit.at.file, line: lineOf(unit, f.index) })
  }
  return placed
}

/** `ms` adds up the time spent in the checks (the audit prints it; npm run bench reports it). */
export type QaContext = { rules: QaRules; ledger: SilenceLedger; ms: number }

/** Every check on one translation: its surface, then against its English source. */
export function translationQa(source: Unit, translation: Unit, locale: string, qa: QaContext): Placed[] {
  const started = performance.now()
  try {
    return checkTranslation(source, translation, locale, qa)
  } finally {
    qa.ms += performance.now() - started
  }
}

function checkTranslation(source: Unit, translation: Unit, locale: string, qa: QaContext): Placed[] {
  const text = translation.text ?? ''
  const findings = [
    ...surfaceFindings(text, qa.rules.styles.get(locale)),
    ...targetFindings(source.text ?? '', text, { locale, rules: qa.rules, maxLength: unitDirectives(source).maxLength, multiline: source.key === 'body' }),
  ]
  return place(translation, findings, qa.ledger)
}

/** The surface checks on an English text. */
export function sourceQa(unit: Unit, locale: string, qa: QaContext): Placed[] {
  const started = performance.now()
  try {
    return place(unit, surfaceFindings(unit.text ?? '', qa.rules.styles.get(locale)), qa.ledger)
  } finally {
    qa.ms += performance.now() - started
  }
}
