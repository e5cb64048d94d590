// Inconsistency both ways, over one locale's translations (Weblate's "Inconsistent", Xbench's
// "inconsistency in target/source"): one English text translated two ways is an error (the
// reader meets two words for one thing); two different English texts translated the same way is
// a warning (a distinction English makes may be lost). MDX bodies are left out: whole articles.
import type { Unit } from '../collect'
import type { QaFinding } from './checks'
import { QA } from './ids'

export type Pair = { source: Unit; translation: Unit }
export type PairFinding = { pair: Pair; finding: QaFinding }

// Case is not a difference: a menu in title case and a heading in sentence case are one translation.
const norm = (text: string, locale: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase(locale)
const at = (u: Unit) => `${u.at.file}:${u.line} ${u.key}`

export function consistencyFindings(pairs: Pair[]): PairFinding[] {
  const found: PairFinding[] = []
  const bySource = new Map<string, Map<string, Pair[]>>()
  const byTarget = new Map<string, Map<string, Pair[]>>()
  for (const pair of pairs) {
    if (pair.source.key === 'body' || !pair.source.text || !pair.translation.text) continue
    const s = norm(pair.source.text, 'en')
    const t = norm(pair.translation.text, pair.translation.at.locale)
    group(bySource, s, t).push(pair)
    group(byTarget, t, s).push(pair)
  }
  for (const variants of bySource.values()) {
    if (variants.size < 2) continue
    // The most used translation is taken as the intended one; the others are reported.
    const [main, ...others] = [...variants.values()].sort((a, b) => b.length - a.length)
    for (const list of others)
      for (const pair of list)
        found.push({
          pair,
          finding: {
            check: QA.inconsistent,
            severity: 'error',
            index: 0,
            message: `the same English is translated "${main![0]!.translation.text!.trim()}" at ${at(main![0]!.translation)}: use one translation for one English text`,
          },
        })
  }
  for (const sources of byTarget.values()) {
    if (sources.size < 2) continue
    const [first, ...others] = [...sources.values()]
    for (const list of others)
      found.push({
        pair: list[0]!,
        finding: {
          check: QA.inconsistentSource,
          severity: 'warning',
          index: 0,
          message: `also the translation of different English at ${at(first![0]!.source)} ("${first![0]!.source.text!.trim()}"): does it keep the difference?`,
        },
      })
  }
  return found
}

function group(map: Map<string, Map<string, Pair[]>>, key: string, sub: string): Pair[] {
  let inner = map.get(key)
  if (!inner) map.set(key, (inner = new Map()))
  let list = inner.get(sub)
  if (!list) inner.set(sub, (list = []))
  return list
}
