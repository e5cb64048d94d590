// One stitch-count rule (content/facts.yml, sizing.stitchesByProcess) for the size selector and
// the product pages. The selector's count is checked for every product line, every process and
// a spread of sizes (the line's 5 mm sizes and made-to-order sizes either side) against the rule,
// and against what each English product page says about stitch counts for a process ("for
// smoked products, a lower stitch count"), read from the page's own text, so a sentence written
// tomorrow is checked as well.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { facts, routeTable } from '../content/data'
import { lineStitches, recommendNetting, SIZING_PROCESSES, type SizingProcess, sizingConstants, sizingProductIds } from './recommend'

const C = sizingConstants(facts, sizingProductIds(routeTable, 'en'))

/** Every sentence of a YAML file's text fields. */
function sentences(file: string): string[] {
  const texts: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === 'string') texts.push(v)
    else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  walk(parse(readFileSync(file, 'utf8')))
  return texts.flatMap((t) => t.split(/(?<=[.!?])\s+/))
}

/** The English pages that speak for a line: its product page, and the bacon page for bacon-ham. */
const pagesOf = (id: string) => [`content/products/${id}/en.yml`, ...(id === 'bacon-ham' ? ['content/pages/bacon/en.yml'] : [])]

/** The words that name a process in English text. */
const PROCESS_WORDS: Record<SizingProcess, RegExp> = {
  smoking: /\bsmok(e|ed|ing|ehouse)\b/i,
  drying: /\b(dr(y|ies|ied|ying)|air-dried|ageing|aging|curing|mould)\b/i,
  roasting: /\b(roast(s|ing|ed)?|oven)\b/i,
  'standard-cooking': /\b(cook(ed|ing)?|cook-in|steam|water bath)\b/i,
}
// advice is a comparative about the stitch count; "an open mesh" alone describes the line
const LOWER = /\b(lower|lowest|fewer)\b[^.]*\bstitch/i
const HIGHER = /\b(higher|highest|more)\b[^.]*\bstitch/i

type Statement = { page: string; process: SizingProcess; says: 'lower' | 'higher'; sentence: string }

/** What a line's pages say about the stitch count for a process: a sentence that names a process
 *  and says a lower (fewer, the lowest) or a higher (more) stitch count. */
function statements(id: string): Statement[] {
  const found: Statement[] = []
  for (const page of pagesOf(id)) {
    for (const sentence of sentences(page)) {
      if (!/stitch/i.test(sentence)) continue
      const says = LOWER.test(sentence) ? 'lower' : HIGHER.test(sentence) ? 'higher' : undefined
      if (!says) continue
      for (const process of SIZING_PROCESSES) if (PROCESS_WORDS[process].test(sentence)) found.push({ page, process, says, sentence })
    }
  }
  return found
}

/** The line's 5 mm sizes and 20 mm either side (made to order there). */
const spread = (p: { diameterMm: { min: number; max: number } }) => {
  const sizes: number[] = []
  for (let d = Math.max(30, p.diameterMm.min - 20); d <= Math.min(250, p.diameterMm.max + 20); d += 5) sizes.push(d)
  return sizes
}

function selectorStitches(id: string, process: SizingProcess, d: number): number {
  const r = recommendNetting({ circumference: Math.round(Math.PI * d), process, product: id }, C)
  if (!r.ok) throw new Error(`${id} ${d} mm ${process}: ${r.error}`)
  if (r.recommendation.innerDiameterMm !== d) throw new Error(`${id}: ${d} mm read back as ${r.recommendation.innerDiameterMm} mm`)
  return r.recommendation.stitches!
}

describe('one stitch-count rule for the size selector and the product pages', () => {
  it('facts.yml states it for every process: the line’s lowest count for smoking and drying, by size for cooking and roasting', () => {
    expect(facts.sizing.stitchesByProcess).toEqual({ 'standard-cooking': 'by-size', roasting: 'by-size', smoking: 'lowest', drying: 'lowest' })
  })

  it('the selector follows it for every line × process × size', () => {
    const wrong: string[] = []
    let answers = 0
    for (const p of C.products) {
      const lowest = Math.min(...p.stitches)
      for (const process of SIZING_PROCESSES) {
        for (const d of spread(p)) {
          answers++
          const n = selectorStitches(p.id, process, d)
          const expected = facts.sizing.stitchesByProcess[process] === 'lowest' ? lowest : lineStitches(p, d)
          if (n !== expected) wrong.push(`${p.id} ${process} ${d} mm: ${n}, rule says ${expected}`)
        }
      }
    }
    expect(answers).toBeGreaterThan(600)
    expect(wrong).toEqual([])
  })

  it('the pages state process advice for the lines the issue names (pork smoking, beef drying), and more', () => {
    const said = (id: string) => statements(id).map((s) => `${s.process}:${s.says}`)
    expect(said('pork')).toContain('smoking:lower')
    expect(said('beef')).toContain('drying:lower')
    expect(said('bacon-ham')).toContain('smoking:lower')
    expect(said('sausage-salami')).toContain('drying:lower')
  })

  it('wherever a product page advises a lower or higher count for a process, the selector’s answer agrees at every size', () => {
    const disagreements: string[] = []
    for (const p of C.products) {
      const lowest = Math.min(...p.stitches)
      for (const s of statements(p.id)) {
        for (const d of spread(p)) {
          const n = selectorStitches(p.id, s.process, d)
          // "a lower count / an open mesh for <process>": the line's lowest, whatever the size
          if (s.says === 'lower' && n !== lowest) disagreements.push(`${s.page} (${s.process}, ${d} mm: selector ${n}, page says lower): ${s.sentence}`)
          // "a higher count for <process>": never the lowest where the line has a higher one
          // at that size for cooking
          if (s.says === 'higher' && facts.sizing.stitchesByProcess[s.process] === 'lowest' && p.stitches.length > 1)
            disagreements.push(`${s.page} (${s.process}, ${d} mm: selector ${n}, page says higher): ${s.sentence}`)
        }
      }
    }
    expect(disagreements).toEqual([])
  })
})

describe('elasticity by process: the English guides and glossary say what the selector says', () => {
  /** Sentences and table rows of the English guides and glossary that name an elasticity grade. */
  function gradeStatements() {
    const found: { file: string; grade: string; process: SizingProcess; text: string }[] = []
    for (const dir of ['content/guides/en', 'content/glossary/en']) {
      for (const name of readdirSync(dir).filter((f) => f.endsWith('.mdx'))) {
        const file = `${dir}/${name}`
        const text = readFileSync(file, 'utf8').replace(/<[^>]+>/g, ' ')
        for (const part of text.split(/\n|(?<=[.!?])\s+/)) {
          const grades = [...part.matchAll(/\b(high|medium|low)(?:er)? elasticity\b/gi)].map((m) => m[1]!.toLowerCase())
          if (grades.length !== 1) continue // one grade per statement; "high, medium and low" defines them
          for (const process of SIZING_PROCESSES) if (PROCESS_WORDS[process].test(part)) found.push({ file, grade: grades[0]!, process, text: part.trim() })
        }
      }
    }
    return found
  }
  it('the size guide gives the selector’s grade for a turkey breast roast (roasting: medium)', () => {
    const guide = readFileSync('content/guides/en/how-to-choose-netting-size-calculator.mdx', 'utf8')
    expect(facts.sizing.elasticityByProcess.roasting).toBe('medium')
    expect(guide).toMatch(/turkey breast roast takes medium elasticity/)
    const r = recommendNetting({ circumference: 600, process: 'roasting', product: 'turkey' }, C)
    expect(r.ok && r.recommendation.elasticity).toBe('medium')
  })
  it('every sentence or table row that pairs one grade with a process names the process’s grade', () => {
    const statements = gradeStatements()
    expect(statements.length).toBeGreaterThan(3)
    const wrong = statements
      .filter((s) => s.grade !== facts.sizing.elasticityByProcess[s.process])
      .map((s) => `${s.file}: ${s.process} is ${facts.sizing.elasticityByProcess[s.process]}, text says ${s.grade}: ${s.text}`)
    expect(wrong).toEqual([])
  })
})
