// The size selector's rule (lib/sizing/recommend.ts). Expected values are worked out by hand in
// the comments (D = C / π, the inner diameter rounded to 5 mm; relaxed = inner / stretch rounded
// to 1 mm; mesh = C / stitches; the stitch band = ⌊i · k / n⌋ for the i-th of a line's n sizes and
// its k counts, most stitches first), never by calling the function a second time.
import { describe, expect, it } from 'vitest'
import { facts, routeTable } from '../content/data'
import { PROCESSES as LEAD_PROCESSES } from '../leads/schema'
import {
  circumferenceLimits,
  lineStitches,
  parseCircumference,
  quoteQuery,
  recommendNetting,
  SIZING_PROCESSES,
  sizingConstants,
  sizingProductIds,
  type Recommendation,
  type SizingConstants,
  type SizingInput,
} from './recommend'

// The facts as in content/facts.yml today, spelled out so a change there shows up here.
const FACTS: Parameters<typeof sizingConstants>[0] & { products: Record<string, { diameterMm: { min: number; max: number } }> } = {
  sizing: {
    innerDiameterMm: { min: 30, max: 250 },
    stretchByProcess: { 'standard-cooking': 1.35, roasting: 1.45, smoking: 1.25, drying: 1.6 },
    elasticityByProcess: { 'standard-cooking': 'medium', roasting: 'medium', smoking: 'low', drying: 'high' },
    stitchesByProcess: { 'standard-cooking': 'by-size', roasting: 'by-size', smoking: 'lowest', drying: 'lowest' },
    rollLengthsM: [50, 100],
    customRollLength: true,
  },
  products: {
    pork: { diameterMm: { min: 90, max: 220 }, stitches: [20, 24, 28], heatC: 220 },
    beef: { diameterMm: { min: 100, max: 250 }, stitches: [18, 20, 24], heatC: 220 },
    lamb: { diameterMm: { min: 80, max: 160 }, stitches: [24, 28, 32], heatC: 220 },
    poultry: { diameterMm: { min: 90, max: 200 }, stitches: [24, 28, 32], heatC: 220 },
    turkey: { diameterMm: { min: 160, max: 250 }, stitches: [16, 18], heatC: 220 },
    'bacon-ham': { diameterMm: { min: 100, max: 200 }, stitches: [20, 24, 28], heatC: 220 },
    pastrami: { diameterMm: { min: 120, max: 220 }, stitches: [20, 24], heatC: 220 },
    'sausage-salami': { diameterMm: { min: 80, max: 180 }, stitches: [16, 18, 20], heatC: 120 },
  },
}
const ALL = ['pork', 'beef', 'lamb', 'poultry', 'turkey', 'bacon-ham', 'pastrami', 'sausage-salami']
const ARABIC = ['beef', 'lamb', 'poultry', 'turkey', 'pastrami', 'sausage-salami']
const C = sizingConstants(FACTS, ALL)
const AR = sizingConstants(FACTS, ARABIC)

function ok(input: SizingInput, constants: SizingConstants = C): Recommendation {
  const r = recommendNetting(input, constants)
  if (!r.ok) throw new Error(`expected a recommendation, got ${r.error}`)
  return r.recommendation
}
const errorOf = (input: SizingInput, constants: SizingConstants = C) => {
  const r = recommendNetting(input, constants)
  return r.ok ? 'ok' : `${r.field}:${r.error}`
}
const keys = (r: Recommendation) => r.explanation.map((l) => l.key)

describe('circumference limits (the circumferences of the 30–250 mm inner diameters we make)', () => {
  it('are π·30 = 94.25 → 94 and π·250 = 785.40 → 785 (whole millimetres)', () => {
    expect(circumferenceLimits(C)).toEqual({ min: 94, max: 785 })
  })
  it('follow facts.sizing.innerDiameterMm', () => {
    // π·40 = 125.66 → 126, π·200 = 628.32 → 628
    expect(circumferenceLimits({ innerDiameterMm: { min: 40, max: 200 } })).toEqual({ min: 126, max: 628 })
  })
})

describe('circumference input', () => {
  const L = { min: 118, max: 1256 }
  it.each([
    ['', 'circumference.required'],
    ['   ', 'circumference.required'],
    ['abc', 'circumference.notNumber'],
    ['12a', 'circumference.notNumber'],
    ['1e3', 'circumference.notNumber'],
    ['3 14', 'circumference.notNumber'],
    ['1,2,3', 'circumference.notNumber'],
    ['1.200,5', 'circumference.notNumber'],
    ['314.', 'circumference.notNumber'],
    ['+314', 'circumference.notNumber'],
    ['Infinity', 'circumference.notNumber'],
    ['NaN', 'circumference.notNumber'],
    ['mm', 'circumference.notNumber'],
    ['-5', 'circumference.tooSmall'],
    ['\u2212120', 'circumference.tooSmall'], // typographic minus sign
    ['0', 'circumference.tooSmall'],
    ['117', 'circumference.tooSmall'],
    ['117,99', 'circumference.tooSmall'],
    ['1256.01', 'circumference.tooLarge'],
    ['1257', 'circumference.tooLarge'],
  ])('%j → %s', (typed, error) => {
    expect(parseCircumference(typed, L)).toEqual({ ok: false, error })
  })

  it.each([
    ['118', 118],
    ['1256', 1256],
    ['314', 314],
    [' 314 ', 314],
    ['314,5', 314.5],
    ['314.5', 314.5],
    ['314 mm', 314],
    ['314MM', 314],
    ['٣١٤', 314], // Arabic-Indic digits
    ['٣١٤٫٥', 314.5], // with the Arabic decimal separator
    ['٣١٤,٥', 314.5],
    ['۳۱۴', 314], // Eastern Arabic-Indic (Persian/Urdu keyboards)
    ['٣١٤ مم', 314],
  ])('%j → %d', (typed, value) => {
    expect(parseCircumference(typed, L)).toEqual({ ok: true, value })
  })

  it('rejects non-finite numbers instead of passing NaN on', () => {
    expect(parseCircumference(Number.NaN, L)).toEqual({ ok: false, error: 'circumference.notNumber' })
    expect(parseCircumference(Number.POSITIVE_INFINITY, L)).toEqual({ ok: false, error: 'circumference.notNumber' })
    expect(parseCircumference(500, L)).toEqual({ ok: true, value: 500 })
  })

  it('is checked before the process', () => {
    expect(errorOf({ circumference: '', process: '' })).toBe('circumference:circumference.required')
    expect(errorOf({ circumference: '90', process: 'roasting' })).toBe('circumference:circumference.tooSmall')
    expect(errorOf({ circumference: '2000', process: 'roasting' })).toBe('circumference:circumference.tooLarge')
  })
})

// Two reference cases. The selector must answer the inner diameter: answering the relaxed one
// (60 mm, 70 mm) would call both "made to order", although a 100 mm product sits inside both lines' ranges.
describe('a product inside a line’s range gets that line’s standard netting', () => {
  it('English, 314 mm, drying, sausage & salami: D = 99.95 → 100 mm, inside 80–180 → standard; relaxed 100 / 1.6 = 62.5 → 63 mm', () => {
    const r = ok({ circumference: '314', process: 'drying', product: 'sausage-salami' })
    expect(r).toMatchObject({
      product: 'sausage-salami',
      standard: true,
      circumferenceMm: 314,
      productDiameterMm: 99.9,
      innerDiameterMm: 100,
      stretch: 1.6,
      relaxedDiameterMm: 63,
      stitches: 16, // drying takes the line's lowest of 16/18/20 at every size (by size it would be 20)
      meshOpeningMm: 19.6, // 314 / 16 = 19.625
      elasticity: 'high',
      rollLengthsM: [50, 100],
      customRollLength: true,
    })
    expect(r.explanation).toEqual([
      { key: 'explain.diameter', values: { productDiameter: 99.9, circumference: 314, diameter: 100 } },
      { key: 'explain.line.standard', values: { product: 'sausage-salami', min: 80, max: 180, diameter: 100 } },
      { key: 'explain.process.drying', values: { stretch: 1.6, weightLossMin: 30, weightLossMax: 40 } },
      { key: 'explain.relaxed', values: { diameter: 100, stretch: 1.6, relaxed: 63 } },
      { key: 'explain.elasticity.high', values: {} },
      { key: 'explain.stitches.line', values: { product: 'sausage-salami', counts: [16, 18, 20], diameter: 100, stitches: 16, mesh: 19.6 } },
      { key: 'explain.roll.standard', values: { metres: [50, 100] } },
      { key: 'explain.roll.custom', values: {} },
    ])
  })
  it('German, "314,5" mm, roasting, pork: D = 100.11 → 100 mm, inside 90–220 → standard; relaxed 100 / 1.45 = 68.97 → 69 mm', () => {
    const r = ok({ circumference: '314,5', process: 'roasting', product: 'pork' })
    expect(r).toMatchObject({
      product: 'pork',
      standard: true,
      circumferenceMm: 314.5,
      productDiameterMm: 100.1,
      innerDiameterMm: 100,
      relaxedDiameterMm: 69,
      stitches: 28, // 20/24/28 over 90–220 (27 sizes): 100 mm is size 2, ⌊2·3/27⌋ = 0 → 28
      meshOpeningMm: 11.2, // 314.5 / 28 = 11.23
      elasticity: 'medium',
    })
    expect(keys(r)).toEqual([
      'explain.diameter',
      'explain.line.standard',
      'explain.process.roasting',
      'explain.relaxed',
      'explain.elasticity.medium',
      'explain.stitches.line',
      'explain.roll.standard',
      'explain.roll.custom',
    ])
  })
  it('for every line, process and size inside the line’s range (5 mm steps): standard, never made to order', () => {
    const problems: string[] = []
    for (const p of C.products) {
      for (const process of SIZING_PROCESSES) {
        for (let d = p.diameterMm.min; d <= p.diameterMm.max; d += 5) {
          const r = ok({ circumference: Math.round(Math.PI * d), process, product: p.id }) // as a tape reads it
          if (r.innerDiameterMm !== d || r.standard !== true || !keys(r).includes('explain.line.standard') || keys(r).includes('explain.line.madeToOrder')) {
            problems.push(`${p.id} ${process} ${d} mm → ${r.innerDiameterMm} mm standard=${r.standard}`)
          }
        }
      }
    }
    expect(problems).toEqual([])
  })
})

describe('worked examples, one per process', () => {
  it('standard cooking, beef, 470 mm (glossary brisket): D = 149.61 → 150 mm in 100–250 (size 10 of 31, ⌊30/31⌋ = 0 → 24, 19.6 mm); relaxed 150 / 1.35 = 111.1 → 111 mm', () => {
    const r = ok({ circumference: '470', process: 'standard-cooking', product: 'beef' })
    expect(r).toMatchObject({
      innerDiameterMm: 150,
      standard: true,
      stitches: 24,
      meshOpeningMm: 19.6,
      relaxedDiameterMm: 111,
      stretch: 1.35,
      elasticity: 'medium',
      rollLengthsM: [50, 100],
    })
  })
  it('roasting, lamb, 380 mm: D = 120.96 → 120 mm in 80–160 (size 8 of 17, ⌊24/17⌋ = 1 → 28, 13.6 mm); relaxed 120 / 1.45 = 82.8 → 83 mm', () => {
    expect(ok({ circumference: '380', process: 'roasting', product: 'lamb' })).toMatchObject({
      innerDiameterMm: 120,
      standard: true,
      stitches: 28,
      meshOpeningMm: 13.6,
      relaxedDiameterMm: 83,
      elasticity: 'medium',
    })
  })
  it('smoking, poultry, 300 mm: D = 95.49 → 95 mm in 90–200; smoking takes the line’s lowest of 24/28/32 → 24, 300 / 24 = 12.5 mm (by size it would be 32); relaxed 95 / 1.25 = 76 mm, low elasticity', () => {
    expect(ok({ circumference: '300', process: 'smoking', product: 'poultry' })).toMatchObject({
      innerDiameterMm: 95,
      standard: true,
      stitches: 24,
      meshOpeningMm: 12.5,
      relaxedDiameterMm: 76,
      elasticity: 'low',
    })
  })
  it('drying, pastrami, 420 mm: D = 133.69 → 135 mm in 120–220; drying takes the line’s lowest of 20/24 → 20, 420 / 20 = 21 mm (by size it would be 24); relaxed 135 / 1.6 = 84.4 → 84 mm, high elasticity', () => {
    expect(ok({ circumference: '420', process: 'drying', product: 'pastrami' })).toMatchObject({
      innerDiameterMm: 135,
      standard: true,
      stitches: 20,
      meshOpeningMm: 21,
      relaxedDiameterMm: 84,
      elasticity: 'high',
    })
  })
  it('the process changes the grip (relaxed diameter), never the size: 314 mm → 100 mm for all four', () => {
    const r = (process: string) => ok({ circumference: '314', process })
    expect(SIZING_PROCESSES.map((p) => r(p).innerDiameterMm)).toEqual([100, 100, 100, 100])
    // cooking 100 / 1.35 = 74.07, roasting 68.97, smoking 80, drying 62.5 → 63
    expect(SIZING_PROCESSES.map((p) => r(p).relaxedDiameterMm)).toEqual([74, 69, 80, 63])
    expect(SIZING_PROCESSES.map((p) => r(p).elasticity)).toEqual(['medium', 'medium', 'low', 'high'])
  })
  it('the process picks the stitch count (facts sizing.stitchesByProcess): pork 100 mm takes 28 by size for cooking and roasting, the line’s lowest, 20, for smoking and drying', () => {
    const n = (process: string) => ok({ circumference: '314', process, product: 'pork' }).stitches
    expect(SIZING_PROCESSES.map(n)).toEqual([28, 28, 20, 20])
    // beef 245 mm (770 / π = 245.1): the largest band is already the lowest, 18, in every process
    expect(SIZING_PROCESSES.map((process) => ok({ circumference: '770', process, product: 'beef' }).stitches)).toEqual([18, 18, 18, 18])
    const bySize = sizingConstants({ ...FACTS, sizing: { ...FACTS.sizing, stitchesByProcess: { ...FACTS.sizing.stitchesByProcess, smoking: 'by-size' } } }, ALL)
    expect(ok({ circumference: '314', process: 'smoking', product: 'pork' }, bySize).stitches).toBe(28)
  })
  it('rejects a missing or unknown process', () => {
    expect(errorOf({ circumference: '314', process: '' })).toBe('process:process.required')
    expect(errorOf({ circumference: '314', process: 'boiling' })).toBe('process:process.unknown')
    expect(errorOf({ circumference: '314', process: 'cooking' })).toBe('process:process.unknown')
  })
})

describe('made to order, and which lines hold a size', () => {
  it('sausage & salami, 650 mm, drying: D = 206.9 → 205 mm, above 80–180 → made to order, the line’s lowest count for drying: 16 stitches, 650 / 16 = 40.6 mm', () => {
    const r = ok({ circumference: '650', process: 'drying', product: 'sausage-salami' })
    expect(r).toMatchObject({ innerDiameterMm: 205, standard: false, stitches: 16, meshOpeningMm: 40.6, relaxedDiameterMm: 128 })
    expect(r.explanation[1]).toEqual({ key: 'explain.line.madeToOrder', values: { product: 'sausage-salami', min: 80, max: 180, diameter: 205 } })
    expect(keys(r)).toContain('explain.stitches.line')
  })
  it('no product, 314 mm: the lines whose range holds 100 mm, in route order', () => {
    const r = ok({ circumference: '314', process: 'standard-cooking' })
    expect(r.product).toBeUndefined()
    expect(r.standard).toBeUndefined()
    // the six lines are knitted in different counts: no one count, and the explanation says why
    expect(r.stitches).toBeUndefined()
    expect(r.meshOpeningMm).toBeUndefined()
    expect(r.explanation[5]).toEqual({ key: 'explain.stitches.choose', values: {} })
    expect(r.explanation[1]).toEqual({
      key: 'explain.lines.standard',
      values: { products: ['pork', 'beef', 'lamb', 'poultry', 'bacon-ham', 'sausage-salami'], diameter: 100 },
    })
  })
  it('in Arabic the list holds only the Arabic lines (no pork, no bacon-ham)', () => {
    expect(ok({ circumference: '314', process: 'smoking' }, AR).standardLines).toEqual(['beef', 'lamb', 'poultry', 'sausage-salami'])
  })
  it('no product, 150 mm: D = 47.7 → 50 mm, below every line (80 mm and up) → lines.none', () => {
    const r = ok({ circumference: '150', process: 'smoking' })
    expect(r).toMatchObject({ innerDiameterMm: 50, standardLines: [], relaxedDiameterMm: 40 })
    expect(r.stitches).toBeUndefined()
    expect(r.explanation[1]).toEqual({ key: 'explain.lines.none', values: { diameter: 50 } })
  })
})

describe('boundaries', () => {
  it('C = 94 (minimum): D = 29.92 → 30 mm; relaxed 30 / 1.6 = 18.75 → 19 mm', () => {
    expect(ok({ circumference: '94', process: 'drying' })).toMatchObject({ innerDiameterMm: 30, relaxedDiameterMm: 19 })
  })
  it('C = 785 (maximum): D = 249.87 → 250 mm; turkey’s largest size, its fewer count: 16, 785 / 16 = 49.1 mm', () => {
    expect(ok({ circumference: '785', process: 'smoking' })).toMatchObject({ innerDiameterMm: 250, relaxedDiameterMm: 200, standardLines: ['beef', 'turkey'] })
    expect(ok({ circumference: '785', process: 'smoking', product: 'turkey' })).toMatchObject({ stitches: 16, meshOpeningMm: 49.1 })
  })
  it('just outside: 93.9 and 785.5', () => {
    expect(errorOf({ circumference: '93.9', process: 'smoking' })).toBe('circumference:circumference.tooSmall')
    expect(errorOf({ circumference: '785,5', process: 'drying' })).toBe('circumference:circumference.tooLarge')
  })
  it('"٣١٤" (Arabic-Indic) gives the same as "314"', () => {
    expect(ok({ circumference: '٣١٤', process: 'smoking' })).toMatchObject({ circumferenceMm: 314, innerDiameterMm: 100 })
  })
})

describe('stitch count: the line’s own counts, fewer on larger sizes (as the guides say)', () => {
  it.each([
    // pork 20/24/28 over 90–220: 27 sizes, bands of 9 (⌊i·3/27⌋)
    ['pork', 90, 28],
    ['pork', 130, 28], // size 8 → ⌊24/27⌋ = 0
    ['pork', 135, 24], // size 9 → 1
    ['pork', 175, 24], // size 17 → ⌊51/27⌋ = 1
    ['pork', 180, 20], // size 18 → 2
    ['pork', 220, 20],
    // turkey 16/18 over 160–250: 19 sizes (⌊i·2/19⌋)
    ['turkey', 160, 18],
    ['turkey', 205, 18], // size 9 → ⌊18/19⌋ = 0
    ['turkey', 210, 16], // size 10 → 1
    ['turkey', 250, 16],
    // outside the range (made to order): the nearest band
    ['sausage-salami', 50, 20],
    ['sausage-salami', 250, 16],
  ])('%s at %d mm → %d stitches', (id, d, stitches) => {
    expect(lineStitches(C.products.find((p) => p.id === id)!, d)).toBe(stitches)
  })
  it('turkey, 700 mm: D = 222.8 → 225 mm (size 13 of 19 → 16); 700 / 16 = 43.8 mm, shown, not judged', () => {
    const r = ok({ circumference: '700', process: 'standard-cooking', product: 'turkey' })
    expect(r).toMatchObject({ innerDiameterMm: 225, standard: true, stitches: 16, meshOpeningMm: 43.8, relaxedDiameterMm: 167 })
    expect(r.explanation[5]).toEqual({ key: 'explain.stitches.line', values: { product: 'turkey', counts: [16, 18], diameter: 225, stitches: 16, mesh: 43.8 } })
  })
  it('a line with one count always gets it', () => {
    expect(lineStitches({ diameterMm: { min: 80, max: 160 }, stitches: [24] }, 120)).toBe(24)
  })
})

describe('rolls: the standard lengths the product pages state, for every size', () => {
  it('50 m and 100 m, and a custom length, at 100 mm as at 225 mm', () => {
    for (const circumference of ['314', '700']) {
      const r = ok({ circumference, process: 'standard-cooking' })
      expect(r).toMatchObject({ rollLengthsM: [50, 100], customRollLength: true })
      expect(r.explanation.slice(-2)).toEqual([
        { key: 'explain.roll.standard', values: { metres: [50, 100] } },
        { key: 'explain.roll.custom', values: {} },
      ])
    }
  })
  it('no custom length when facts.sizing.customRollLength is false', () => {
    const noCustom = sizingConstants({ ...FACTS, sizing: { ...FACTS.sizing, customRollLength: false } }, ALL)
    const r = ok({ circumference: '700', process: 'standard-cooking' }, noCustom)
    expect(r.customRollLength).toBe(false)
    expect(keys(r)).not.toContain('explain.roll.custom')
  })
})

describe('product type', () => {
  it('sausage-salami for roasting: rated 120 °C, below the 200 °C of roasting → heat note', () => {
    const r = ok({ circumference: '314', process: 'roasting', product: 'sausage-salami' })
    expect(r).toMatchObject({ innerDiameterMm: 100, standard: true, stitches: 20 })
    expect(r.explanation.at(-1)).toEqual({ key: 'explain.heat', values: { product: 'sausage-salami', heat: 120, processHeat: 200 } })
  })
  it('sausage-salami for smoking (its 120 °C rating covers it): no heat note', () => {
    expect(keys(ok({ circumference: '314', process: 'smoking', product: 'sausage-salami' }))).not.toContain('explain.heat')
  })
  it('an empty product means any product', () => {
    expect(ok({ circumference: '314', process: 'smoking', product: '' }).product).toBeUndefined()
  })
  it('pork and bacon-ham are not offered in Arabic; unknown ids are rejected', () => {
    expect(AR.products.map((p) => p.id)).toEqual(ARABIC)
    expect(errorOf({ circumference: '314', process: 'smoking', product: 'pork' }, AR)).toBe('product:product.unavailable')
    expect(errorOf({ circumference: '314', process: 'smoking', product: 'bacon-ham' }, AR)).toBe('product:product.unavailable')
    expect(errorOf({ circumference: '314', process: 'smoking', product: 'pork' }, C)).toBe('ok')
    expect(errorOf({ circumference: '314', process: 'smoking', product: 'chicken' })).toBe('product:product.unavailable')
  })
  it('the locale filter reads content/routes.yml: 8 products in en, 6 in ar', () => {
    expect(sizingProductIds(routeTable, 'en')).toEqual(ALL)
    expect(sizingProductIds(routeTable, 'ar')).toEqual(ARABIC)
  })
})

describe('facts and the quote form stay in step', () => {
  it('FACTS above mirror content/facts.yml', () => {
    expect(sizingConstants(facts, ALL)).toEqual(C)
  })
  it('the process ids are the quote form’s (lib/leads/schema.ts)', () => {
    expect([...SIZING_PROCESSES]).toEqual([...LEAD_PROCESSES])
  })
  it('quote query: product, diameter, the line’s stitch count, process; no roll length (the buyer chooses)', () => {
    // the diameter is the inner diameter, the quote form's "Inner diameter or product size";
    // beef 18/20/24 over 100–250: 100 mm is its first size → 24
    expect(quoteQuery(ok({ circumference: '314', process: 'standard-cooking', product: 'beef' }))).toBe(
      'product=beef&diameter=100&stitches=24&process=standard-cooking',
    )
    // without a product there is no count to pre-fill
    expect(quoteQuery(ok({ circumference: '785', process: 'drying' }))).toBe('diameter=250&process=drying')
  })
  it('elasticity per process comes from facts.sizing.elasticityByProcess', () => {
    const firm = sizingConstants(
      { ...FACTS, sizing: { ...FACTS.sizing, elasticityByProcess: { ...FACTS.sizing.elasticityByProcess, smoking: 'medium' } } },
      ALL,
    )
    expect(ok({ circumference: '314', process: 'smoking' }, firm).elasticity).toBe('medium')
    expect(ok({ circumference: '314', process: 'smoking' }).elasticity).toBe('low')
  })
})

describe('over the whole valid range', () => {
  it('every result is a real size we make, grows with the product, takes no more stitches than a smaller one, and is standard exactly inside the line’s range', () => {
    const problems: string[] = []
    for (const process of SIZING_PROCESSES) {
      for (const product of ['', ...ALL]) {
        let last = { d: 0, n: Number.POSITIVE_INFINITY }
        for (let circumference = 94; circumference <= 785; circumference += 1) {
          const r = ok({ circumference, process, product })
          const at = `${process} ${product || 'any'} C=${circumference}`
          const line = FACTS.products[product as keyof typeof FACTS.products]
          if (r.innerDiameterMm % 5 !== 0 || r.innerDiameterMm < 30 || r.innerDiameterMm > 250) problems.push(`${at}: diameter ${r.innerDiameterMm}`)
          if (Math.abs(r.innerDiameterMm - circumference / Math.PI) > 2.5) problems.push(`${at}: size ${r.innerDiameterMm} is not the product diameter`)
          if (!(r.relaxedDiameterMm < r.innerDiameterMm)) problems.push(`${at}: relaxed ${r.relaxedDiameterMm} not below ${r.innerDiameterMm}`)
          if (line ? !line.stitches.includes(r.stitches!) : r.stitches !== undefined) problems.push(`${at}: stitches ${r.stitches}`)
          if (line && r.standard !== (r.innerDiameterMm >= line.diameterMm.min && r.innerDiameterMm <= line.diameterMm.max))
            problems.push(`${at}: standard ${r.standard}`)
          if (r.explanation.some((l) => Object.values(l.values).some((v) => Number.isNaN(v)))) problems.push(`${at}: NaN in explanation`)
          if (r.innerDiameterMm < last.d) problems.push(`${at}: smaller than for a smaller product`)
          // larger products take fewer stitches (an open mesh), never more
          if (line && r.stitches! > last.n) problems.push(`${at}: ${r.stitches} stitches, more than for a smaller product`)
          last = { d: r.innerDiameterMm, n: r.stitches ?? 0 }
        }
      }
    }
    expect(problems).toEqual([])
  })
})
