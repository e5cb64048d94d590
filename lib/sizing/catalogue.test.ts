// The size selector against the catalogue: for every product line, every standard size in its
// range (5 mm steps) and every process, with the line chosen and with "Any product", the answer
// must be one the line's page (content/facts.yml, products.<id>) backs. A buyer who reads
// "24 stitches, the fewest we knit" and then finds 20 on the product page stops trusting both.
import { describe, expect, it } from 'vitest'
import { facts, routeTable, translator } from '../content/data'
import { quoteQuery, recommendNetting, SIZING_PROCESSES, sizingConstants, sizingProductIds, type Recommendation } from './recommend'

const C = sizingConstants(facts, sizingProductIds(routeTable, 'en'))
const t = translator('en')
const lineOf = (id: string) => C.products.find((p) => p.id === id)!

/** The superlatives and judgements a stitch sentence makes, read from its English text, so a
 *  new sentence that says "fewest" or "finest" is checked too. */
function claims(r: Recommendation) {
  const found: { claim: 'fewest' | 'finest' | 'coarse'; values: Record<string, unknown> }[] = []
  for (const l of r.explanation) {
    const text = t(`size-selector.${l.key}`)
    if (/\bfewest\b/i.test(text)) found.push({ claim: 'fewest', values: l.values })
    if (/\bfinest\b/i.test(text)) found.push({ claim: 'finest', values: l.values })
    if (/\bcoarse/i.test(text) || l.key.endsWith('.coarse')) found.push({ claim: 'coarse', values: l.values })
  }
  return found
}

type Problem = 'count not listed' | 'quote count not listed' | 'false "fewest"' | 'false "finest"' | 'false "too coarse"'

/** What is wrong with one answer, judged against the counts the listed lines' pages show. */
function problemsOf(r: Recommendation, counts: number[], standard: boolean): Problem[] {
  const problems: Problem[] = []
  const n = r.stitches
  if (n !== undefined && !counts.includes(n)) problems.push('count not listed')
  const quoted = new URLSearchParams(quoteQuery(r)).get('stitches')
  if (quoted !== null && !counts.includes(Number(quoted))) problems.push('quote count not listed')
  for (const { claim, values } of claims(r)) {
    const maxMesh = typeof values.maxMesh === 'number' ? values.maxMesh : Number.POSITIVE_INFINITY
    // "the fewest (that keep the opening within maxMesh)": refuted by a smaller listed count that does
    if (claim === 'fewest' && counts.some((m) => n !== undefined && m < n && r.circumferenceMm / m <= maxMesh)) problems.push('false "fewest"')
    if (claim === 'finest' && counts.some((m) => n !== undefined && m > n)) problems.push('false "finest"')
    // the page lists this count as standard netting for this size
    if (claim === 'coarse' && standard && n !== undefined && counts.includes(n)) problems.push('false "too coarse"')
  }
  return problems
}

function tally(found: Map<Problem, string[]>, at: string, problems: Problem[]) {
  for (const p of problems) found.set(p, [...(found.get(p) ?? []), at])
}
const summary = (found: Map<Problem, string[]>) => Object.fromEntries([...found].map(([p, at]) => [p, { count: at.length, first: at.slice(0, 3) }]))

describe('the size selector agrees with every product page', () => {
  it('with a line chosen: every 5 mm size in its range, every process', () => {
    const found = new Map<Problem, string[]>()
    let answers = 0
    for (const line of C.products) {
      for (let d = line.diameterMm.min; d <= line.diameterMm.max; d += 5) {
        for (const process of SIZING_PROCESSES) {
          const result = recommendNetting({ circumference: Math.round(Math.PI * d), process, product: line.id }, C)
          if (!result.ok) throw new Error(`${line.id} ${d} mm ${process}: ${result.error}`)
          answers++
          tally(found, `${line.id} ${d} mm ${process}`, problemsOf(result.recommendation, line.stitches, true))
        }
      }
    }
    expect(answers).toBeGreaterThan(0)
    expect(summary(found)).toEqual({})
  })

  it('with "Any product": every size of every line, every process, only counts the listed lines knit', () => {
    const found = new Map<Problem, string[]>()
    const sizes = new Set(C.products.flatMap((p) => Array.from({ length: (p.diameterMm.max - p.diameterMm.min) / 5 + 1 }, (_, i) => p.diameterMm.min + 5 * i)))
    for (const d of [...sizes].sort((a, b) => a - b)) {
      for (const process of SIZING_PROCESSES) {
        const result = recommendNetting({ circumference: Math.round(Math.PI * d), process }, C)
        if (!result.ok) throw new Error(`any ${d} mm ${process}: ${result.error}`)
        const r = result.recommendation
        const counts = [...new Set(r.standardLines.flatMap((id) => lineOf(id).stitches))]
        if (r.standardLines.length === 0) throw new Error(`any ${d} mm: no line listed, though ${d} mm is a line's standard size`)
        tally(found, `any ${d} mm ${process}`, problemsOf(r, counts, true))
      }
    }
    expect(summary(found)).toEqual({})
  })
})
