// The size selector's rule (lib/sizing/recommend.ts). Expected values are worked out by hand in
// the comments (D = C / π; d = D / stretch rounded to 5 mm; mesh = C / stitches), never by
// calling the function a second time.
import { describe, expect, it } from 'vitest'
import { facts, routeTable } from '../content/data'
import { PROCESSES as LEAD_PROCESSES } from '../leads/schema'
import {
  circumferenceLimits,
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
const FACTS = {
  sizing: { innerDiameterMm: { min: 30, max: 250 }, stitchCounts: [16, 18, 24, 36, 48], rollLengthsM: [50, 100], customRollLength: true },
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

describe('circumference limits (derived from the 30–250 mm diameter range)', () => {
  it('are ⌈π·30·1.25⌉ = ⌈117.81⌉ = 118 and ⌊π·250·1.6⌋ = ⌊1256.64⌋ = 1256', () => {
    expect(circumferenceLimits(C)).toEqual({ min: 118, max: 1256 })
  })
  it('follow facts.sizing.innerDiameterMm', () => {
    // ⌈π·40·1.25⌉ = ⌈157.08⌉ = 158, ⌊π·200·1.6⌋ = ⌊1005.31⌋ = 1005
    expect(circumferenceLimits({ innerDiameterMm: { min: 40, max: 200 } })).toEqual({ min: 158, max: 1005 })
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

describe('each process at C = 314 mm (D = 314 / π = 99.95 mm)', () => {
  it('standard cooking: 99.95 / 1.35 = 74.04 → 75 mm, medium elasticity', () => {
    const r = ok({ circumference: '314', process: 'standard-cooking' })
    expect(r).toMatchObject({
      process: 'standard-cooking',
      circumferenceMm: 314,
      productDiameterMm: 99.9,
      stretch: 1.35,
      innerDiameterMm: 75,
      clamped: null,
      effectiveStretch: 1.33, // 99.95 / 75
      stitches: 16, // 314 / 16 = 19.6 mm ≤ 20
      meshOpeningMm: 19.6,
      elasticity: 'medium',
      rollLength: 100, // 75 ≤ 100 mm → long roll
    })
    expect(r.product).toBeUndefined()
    expect(r.explanation).toEqual([
      { key: 'explain.diameter', values: { productDiameter: 99.9, circumference: 314, stretch: 1.35, diameter: 75 } },
      { key: 'explain.process.standard-cooking', values: { stretch: 1.35 } },
      { key: 'explain.elasticity.medium', values: {} },
      { key: 'explain.stitches.fewest', values: { stitches: 16, mesh: 19.6, maxMesh: 20 } },
      { key: 'explain.roll.long', values: { limit: 100, metres: 100 } },
    ])
  })
  it('roasting: 99.95 / 1.45 = 68.93 → 70 mm, medium elasticity', () => {
    expect(ok({ circumference: '314', process: 'roasting' })).toMatchObject({ innerDiameterMm: 70, stretch: 1.45, effectiveStretch: 1.43, elasticity: 'medium', stitches: 16, rollLength: 100 })
  })
  it('smoking: 99.95 / 1.25 = 79.96 → 80 mm, low elasticity', () => {
    expect(ok({ circumference: '314', process: 'smoking' })).toMatchObject({ innerDiameterMm: 80, stretch: 1.25, effectiveStretch: 1.25, elasticity: 'low', stitches: 16, rollLength: 100 })
  })
  it('drying: 99.95 / 1.6 = 62.47 → 60 mm, high elasticity, weight loss in the explanation', () => {
    const r = ok({ circumference: '314', process: 'drying' })
    expect(r).toMatchObject({ innerDiameterMm: 60, stretch: 1.6, effectiveStretch: 1.67, elasticity: 'high', stitches: 16, rollLength: 100 })
    expect(r.explanation[1]).toEqual({ key: 'explain.process.drying', values: { stretch: 1.6, weightLossMin: 30, weightLossMax: 40 } })
    expect(r.explanation[2]!.key).toBe('explain.elasticity.high')
  })
  it('more grip for drying than roasting than cooking than smoking', () => {
    const d = (process: string) => ok({ circumference: '314', process }).innerDiameterMm
    expect([d('drying'), d('roasting'), d('standard-cooking'), d('smoking')]).toEqual([60, 70, 75, 80])
  })
  it('rejects a missing or unknown process', () => {
    expect(errorOf({ circumference: '314', process: '' })).toBe('process:process.required')
    expect(errorOf({ circumference: '314', process: 'boiling' })).toBe('process:process.unknown')
    expect(errorOf({ circumference: '314', process: 'cooking' })).toBe('process:process.unknown')
  })
})

describe('locale input reaches the rule', () => {
  it('"314,5" → D = 100.11 → 100.11 / 1.35 = 74.16 → 75 mm', () => {
    expect(ok({ circumference: '314,5', process: 'standard-cooking' })).toMatchObject({ circumferenceMm: 314.5, productDiameterMm: 100.1, innerDiameterMm: 75 })
  })
  it('"٣١٤" (Arabic-Indic) gives the same as "314"', () => {
    expect(ok({ circumference: '٣١٤', process: 'smoking' })).toMatchObject({ circumferenceMm: 314, innerDiameterMm: 80 })
  })
})

describe('boundaries', () => {
  it('C = 118 (minimum, D = 37.56): smoking 30.05 → 30 mm, not clamped', () => {
    expect(ok({ circumference: '118', process: 'smoking' })).toMatchObject({ innerDiameterMm: 30, clamped: null, stitches: 16, meshOpeningMm: 7.4, rollLength: 100 })
  })
  it('C = 118, drying: 37.56 / 1.6 = 23.47 → 25 → clamped up to 30 mm, real stretch 1.25', () => {
    const r = ok({ circumference: '118', process: 'drying' })
    expect(r).toMatchObject({ innerDiameterMm: 30, clamped: 'min', effectiveStretch: 1.25 })
    expect(r.explanation[0]).toEqual({ key: 'explain.clamped.min', values: { productDiameter: 37.6, diameter: 30, stretch: 1.6, effectiveStretch: 1.25 } })
  })
  it('C = 118, roasting: 37.56 / 1.45 = 25.90 → 25 → clamped; cooking: 27.82 → 30, not clamped', () => {
    expect(ok({ circumference: '118', process: 'roasting' })).toMatchObject({ innerDiameterMm: 30, clamped: 'min' })
    expect(ok({ circumference: '118', process: 'standard-cooking' })).toMatchObject({ innerDiameterMm: 30, clamped: null })
  })
  it('C = 1256 (maximum, D = 399.80), drying: 249.87 → 250 mm, not clamped', () => {
    expect(ok({ circumference: '1256', process: 'drying' })).toMatchObject({ innerDiameterMm: 250, clamped: null, effectiveStretch: 1.6, rollLength: 'custom' })
  })
  it('C = 1256, smoking: 319.84 → 320 → clamped down to 250 mm, real stretch 1.60; coarse 48-stitch mesh', () => {
    const r = ok({ circumference: '1256', process: 'smoking' })
    expect(r).toMatchObject({ innerDiameterMm: 250, clamped: 'max', effectiveStretch: 1.6, stitches: 48, meshOpeningMm: 26.2 }) // 1256 / 48 = 26.17
    expect(keys(r)).toEqual(['explain.clamped.max', 'explain.process.smoking', 'explain.elasticity.low', 'explain.stitches.coarse', 'explain.roll.custom'])
    expect(r.explanation[3]).toEqual({ key: 'explain.stitches.coarse', values: { stitches: 48, mesh: 26.2, maxMesh: 20 } })
  })
  it('just outside: 117.9 and 1256.1', () => {
    expect(errorOf({ circumference: '117.9', process: 'smoking' })).toBe('circumference:circumference.tooSmall')
    expect(errorOf({ circumference: '1256,1', process: 'drying' })).toBe('circumference:circumference.tooLarge')
  })
})

describe('stitch count: fewest offered stitches with a mesh opening ≤ 20 mm', () => {
  it.each([
    [320, 16], // 320 / 16 = 20.0
    [321, 18], // 321 / 16 = 20.06 > 20; 321 / 18 = 17.8
    [360, 18], // 360 / 18 = 20.0
    [361, 24],
    [480, 24],
    [481, 36],
    [720, 36],
    [721, 48],
    [960, 48], // 960 / 48 = 20.0, still within
  ])('C = %d → %d stitches', (circumference, stitches) => {
    const r = ok({ circumference, process: 'standard-cooking' })
    expect(r.stitches).toBe(stitches)
    expect(keys(r)).toContain('explain.stitches.fewest')
  })
  it('C = 961 → 48 stitches, coarse (961 / 48 = 20.02 mm)', () => {
    const r = ok({ circumference: 961, process: 'standard-cooking' })
    expect(r).toMatchObject({ stitches: 48, meshOpeningMm: 20 })
    expect(keys(r)).toContain('explain.stitches.coarse')
  })
})

describe('roll length from the relaxed diameter', () => {
  it('C = 420, cooking: 133.69 / 1.35 = 99.03 → 100 mm → 100 m roll', () => {
    const r = ok({ circumference: '420', process: 'standard-cooking' })
    expect(r).toMatchObject({ innerDiameterMm: 100, rollLength: 100 })
  })
  it('C = 440, cooking: 140.06 / 1.35 = 103.75 → 105 mm → 50 m roll', () => {
    const r = ok({ circumference: '440', process: 'standard-cooking' })
    expect(r).toMatchObject({ innerDiameterMm: 105, rollLength: 50 })
    expect(r.explanation[4]).toEqual({ key: 'explain.roll.short', values: { limit: 100, metres: 50 } })
  })
  it('C = 930, cooking: 296.03 / 1.35 = 219.28 → 220 mm → 50 m roll', () => {
    expect(ok({ circumference: '930', process: 'standard-cooking' })).toMatchObject({ innerDiameterMm: 220, rollLength: 50 })
  })
  it('C = 950, cooking: 302.39 / 1.35 = 224.0 → 225 mm → custom length', () => {
    const r = ok({ circumference: '950', process: 'standard-cooking' })
    expect(r).toMatchObject({ innerDiameterMm: 225, rollLength: 'custom' })
    expect(r.explanation[4]).toEqual({ key: 'explain.roll.custom', values: { limit: 225 } })
  })
  it('falls back to the short roll when facts.sizing.customRollLength is false', () => {
    const noCustom = sizingConstants({ ...FACTS, sizing: { ...FACTS.sizing, customRollLength: false } }, ALL)
    expect(ok({ circumference: '950', process: 'standard-cooking' }, noCustom)).toMatchObject({ innerDiameterMm: 225, rollLength: 50 })
  })
})

describe('product type', () => {
  it('beef, C = 314, cooking: the beef line knits 18/24 of the offered set; 314 / 18 = 17.4 mm; 75 mm is below beef’s 100–250 mm', () => {
    const r = ok({ circumference: '314', process: 'standard-cooking', product: 'beef' })
    expect(r).toMatchObject({ product: 'beef', innerDiameterMm: 75, stitches: 18, meshOpeningMm: 17.4 })
    expect(r.explanation.slice(3)).toEqual([
      { key: 'explain.stitches.product', values: { stitches: 18, mesh: 17.4, maxMesh: 20, product: 'beef' } },
      { key: 'explain.roll.long', values: { limit: 100, metres: 100 } },
      { key: 'explain.productRange', values: { product: 'beef', min: 100, max: 250, diameter: 75 } },
    ])
  })
  it('lamb, C = 314: only 24 of the lamb line is offered → 24 stitches, 314 / 24 = 13.1 mm', () => {
    expect(ok({ circumference: '314', process: 'roasting', product: 'lamb' })).toMatchObject({ stitches: 24, meshOpeningMm: 13.1 })
  })
  it('turkey, C = 700, cooking: 222.82 / 1.35 = 165.05 → 165 mm (in 160–250); turkey knits 16/18 only → 18, coarse 38.9 mm', () => {
    const r = ok({ circumference: '700', process: 'standard-cooking', product: 'turkey' })
    expect(r).toMatchObject({ innerDiameterMm: 165, stitches: 18, meshOpeningMm: 38.9, rollLength: 50 })
    expect(keys(r)).toEqual(['explain.diameter', 'explain.process.standard-cooking', 'explain.elasticity.medium', 'explain.stitches.coarse', 'explain.roll.short'])
  })
  it('sausage-salami for roasting: rated 120 °C, below the 200 °C of roasting → heat note', () => {
    const r = ok({ circumference: '314', process: 'roasting', product: 'sausage-salami' })
    expect(r).toMatchObject({ innerDiameterMm: 70, stitches: 16 })
    expect(r.explanation.slice(-2)).toEqual([
      { key: 'explain.productRange', values: { product: 'sausage-salami', min: 80, max: 180, diameter: 70 } },
      { key: 'explain.heat', values: { product: 'sausage-salami', heat: 120, processHeat: 200 } },
    ])
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
  it('quote query: product, diameter, stitches, process, rolls', () => {
    expect(quoteQuery(ok({ circumference: '314', process: 'standard-cooking', product: 'beef' }))).toBe('product=beef&diameter=75&stitches=18&process=standard-cooking&rolls=100')
    expect(quoteQuery(ok({ circumference: '1256', process: 'drying' }))).toBe('diameter=250&stitches=48&process=drying&rolls=custom')
  })
})

describe('over the whole valid range', () => {
  it('every result is a real size we make, and grows with the product', () => {
    const problems: string[] = []
    for (const process of SIZING_PROCESSES) {
      let last = { d: 0, n: 0 }
      for (let circumference = 118; circumference <= 1256; circumference += 1) {
        const r = ok({ circumference, process })
        const at = `${process} C=${circumference}`
        if (r.innerDiameterMm % 5 !== 0 || r.innerDiameterMm < 30 || r.innerDiameterMm > 250) problems.push(`${at}: diameter ${r.innerDiameterMm}`)
        if (![16, 18, 24, 36, 48].includes(r.stitches)) problems.push(`${at}: stitches ${r.stitches}`)
        if (![50, 100, 'custom'].includes(r.rollLength)) problems.push(`${at}: roll ${r.rollLength}`)
        if (r.explanation.some((l) => Object.values(l.values).some((v) => Number.isNaN(v)))) problems.push(`${at}: NaN in explanation`)
        if (r.innerDiameterMm < last.d || r.stitches < last.n) problems.push(`${at}: smaller than for a smaller product`)
        last = { d: r.innerDiameterMm, n: r.stitches }
      }
    }
    expect(problems).toEqual([])
  })
})
