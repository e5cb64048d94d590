// The size selector's rule: product circumference + process (+ optional product type) → the
// netting to ask for. Pure (no I/O, no React, no velite import), so the browser runs exactly
// the code the unit tests check; +data passes the few facts it needs (sizingConstants()).
//
// THE RULE, as a netting engineer sizes elastic netting
//
// 1. Product diameter. Buyers measure around the product with a tape, so the input is the
//    circumference C (mm). The product is close enough to a cylinder: D = C / π.
//
// 2. Relaxed inner diameter. Elastic netting only holds if it goes on stretched: its relaxed
//    inner diameter d is SMALLER than the product, d = D / s, where s is the stretch ratio for
//    the process (STRETCH_RATIO). The product loses weight in the process and shrinks; a weight
//    loss L shrinks the diameter by about 1 − (1 − L)^(1/3) (volume scales with D³). Each s is
//    chosen so the net still grips at roughly 1.2× once that shrinkage has happened:
//      standard cooking 1.35  steam / water bath / cook-in, ~10–20 % loss (D −4…7 %): moderate
//      roasting         1.45  dry oven heat, ~20–30 % loss (D −7…11 %): moderate, a bit firmer
//      smoking          1.25  ~5–10 % loss; a lighter grip avoids deep net marks and lets smoke
//                             colour the surface evenly under the threads: moderate-light
//      drying / ageing  1.60  30–40 % loss (D −11…16 %): the most grip, so the net still holds
//                             the product at the end of ageing (1.6 × 0.84 ≈ 1.34)
//    d is rounded to 5 mm (the steps nets are knitted in) and clamped to the range we make,
//    facts.sizing.innerDiameterMm (30–250 mm). A clamped result is flagged (`clamped`) with
//    the stretch the product really gets (`effectiveStretch`), and the explanation says so.
//
// 3. Valid input. The circumference range is derived from the diameter range so that every
//    accepted product can be netted with some process without absurd stretch:
//      min C = ⌈π × d_min × s_min⌉ = ⌈π × 30 × 1.25⌉ = 118 mm  (smaller: even our smallest net
//              is looser than the lightest grip we recommend)
//      max C = ⌊π × d_max × s_max⌋ = ⌊π × 250 × 1.60⌋ = 1256 mm (larger: even our largest net
//              would be stretched beyond the firmest grip we recommend)
//    So every diameter we make is reachable for every process; near the ends some processes get
//    a clamped net (flagged, see 2).
//
// 4. Stitch count = loops around the circumference. On the product, one mesh opening is about
//    C / n wide. Too wide and the meat bulges through the mesh ("pillowing") and the net marks
//    unevenly; every extra stitch costs thread and clipping speed. So n is the FEWEST stitches
//    from the offered set (facts.sizing.stitchCounts: 16, 18, 24, 36, 48) that keep the opening
//    ≤ MAX_MESH_OPENING_MM (20 mm); larger products therefore get more stitches. Beyond 48 × 20
//    = 960 mm the finest knit (48) is used and the explanation says the mesh is coarser. When a
//    product type is chosen, only the stitch counts that product line is knitted in (facts
//    products.<id>.stitches ∩ offered set) are candidates, because that is what we can ship.
//
// 5. Elasticity follows the process (ELASTICITY): drying needs HIGH elasticity so the net
//    keeps contracting with the shrinking product; cooking and roasting MEDIUM; smoking LOW, for
//    gentle pressure and shallow marks.
//
// 6. Roll length follows the net size: a roll of wide net is bulky and heavy, and the roll has
//    to fit over the netting (loading) tube. Small nets (d ≤ LONG_ROLL_MAX_DIAMETER_MM, 100 mm)
//    come on the long roll (100 m: fewer roll changes on the line); larger ones on the short
//    roll (50 m); the widest (d ≥ CUSTOM_ROLL_FROM_DIAMETER_MM, 225 mm: above every product
//    line's maximum except beef and turkey) are wound to a custom length for the buyer's tube,
//    when facts.sizing.customRollLength allows, else the short roll.
//
// Two checks become notes when a product type is chosen: the diameter is outside that line's
// usual range (made to order), or the line's heat rating is below the process's peak
// temperature (PROCESS_PEAK_C; today only sausage-salami netting, 120 °C, for roasting).
//
// Errors and explanation lines are UI keys under "size-selector.": errors are
// `size-selector.error.<code>`, explanation lines `size-selector.<key>` with their values.

export const SIZING_PROCESSES = ['standard-cooking', 'roasting', 'smoking', 'drying'] as const
export type SizingProcess = (typeof SIZING_PROCESSES)[number]
export type Elasticity = 'high' | 'medium' | 'low'

/** Product diameter ÷ relaxed net diameter, per process (see rule 2). */
export const STRETCH_RATIO: Record<SizingProcess, number> = { 'standard-cooking': 1.35, roasting: 1.45, smoking: 1.25, drying: 1.6 }
/** Weight lost in drying and ageing, %: the reason for the drying stretch (explanation text). */
export const DRYING_WEIGHT_LOSS_PCT = { min: 30, max: 40 }
/** Elasticity of the net per process (see rule 5). */
export const ELASTICITY: Record<SizingProcess, Elasticity> = { 'standard-cooking': 'medium', roasting: 'medium', smoking: 'low', drying: 'high' }
/** Peak temperature a net meets in the process, °C: water boils at 100; hot smoking up to 120;
 *  roasting ovens commonly run to 200; drying rooms are at ambient temperature. */
export const PROCESS_PEAK_C: Record<SizingProcess, number> = { 'standard-cooking': 100, roasting: 200, smoking: 120, drying: 30 }
/** Widest mesh opening on the product, mm, before meat bulges through (see rule 4). */
export const MAX_MESH_OPENING_MM = 20
/** Relaxed diameters are knitted in 5 mm steps. */
export const DIAMETER_STEP_MM = 5
/** Up to this relaxed diameter (mm) nets come on the long roll (see rule 6). */
export const LONG_ROLL_MAX_DIAMETER_MM = 100
/** From this relaxed diameter (mm) nets are wound to a custom length (see rule 6). */
export const CUSTOM_ROLL_FROM_DIAMETER_MM = 225

type Range = { min: number; max: number }
export type SizingProduct = { id: string; diameterMm: Range; stitches: number[]; heatC: number }

/** The facts the rule needs, and only the products that exist in the current locale. */
export type SizingConstants = {
  innerDiameterMm: Range
  stitchCounts: number[]
  rollLengthsM: number[]
  customRollLength: boolean
  products: SizingProduct[]
}

type FactsLike = {
  sizing: { innerDiameterMm: Range; stitchCounts: number[]; rollLengthsM: number[]; customRollLength: boolean }
  products: Record<string, { diameterMm: Range; stitches: number[]; heatC: number }>
}

/** Picks from content/facts.yml what the size selector needs; `productIds` are the products
 *  that exist in the locale (in Arabic there is no pork and no bacon-ham), in display order. */
export function sizingConstants(facts: FactsLike, productIds: string[]): SizingConstants {
  const { innerDiameterMm, stitchCounts, rollLengthsM, customRollLength } = facts.sizing
  return {
    innerDiameterMm: { min: innerDiameterMm.min, max: innerDiameterMm.max },
    stitchCounts: [...stitchCounts].sort((a, b) => a - b),
    rollLengthsM: [...rollLengthsM].sort((a, b) => a - b),
    customRollLength,
    products: productIds.map((id) => {
      const p = facts.products[id]
      if (!p) throw new Error(`content/facts.yml: products.${id} is missing (the size selector lists it)`)
      return { id, diameterMm: { ...p.diameterMm }, stitches: [...p.stitches], heatC: p.heatC }
    }),
  }
}

/** The product ids that have a page in the locale, in route-table order. */
export function sizingProductIds(table: { routes: Map<string, { page: string; param?: string; paths: Partial<Record<string, string>> }> }, locale: string): string[] {
  return [...table.routes.values()].filter((r) => r.page === 'product' && r.param && r.paths[locale]).map((r) => r.param!)
}

const minStretch = () => Math.min(...Object.values(STRETCH_RATIO))
const maxStretch = () => Math.max(...Object.values(STRETCH_RATIO))

/** Accepted circumference, mm, whole numbers (rule 3): 118–1256 with today's facts. */
export function circumferenceLimits(c: Pick<SizingConstants, 'innerDiameterMm'>): Range {
  return {
    min: Math.ceil(Math.PI * c.innerDiameterMm.min * minStretch()),
    max: Math.floor(Math.PI * c.innerDiameterMm.max * maxStretch()),
  }
}

export type CircumferenceError = 'circumference.required' | 'circumference.notNumber' | 'circumference.tooSmall' | 'circumference.tooLarge'
export type SizingError = CircumferenceError | 'process.required' | 'process.unknown' | 'product.unavailable'

// Buyers type numbers the way their locale writes them: "314,5", "314.5", Arabic-Indic "٣١٤٫٥"
// (U+0660–0669 and the Arabic decimal separator U+066B) or the Eastern forms used in Persian and
// Urdu keyboards (U+06F0–06F9). A trailing unit "mm" / "مم" is tolerated. Thousands separators are
// not: with at most 1256 mm there is no need, and "1,200" would be ambiguous.
const DIGIT_BLOCKS = [0x0660, 0x06f0]
const NUMBER = /^-?\d+(\.\d+)?$/

function toAsciiNumber(raw: string): string {
  let s = raw.trim().replace(/\s*(mm|مم)$/i, '').trim()
  s = s.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (ch) => {
    const code = ch.charCodeAt(0)
    const base = DIGIT_BLOCKS.find((b) => code >= b && code <= b + 9)!
    return String(code - base)
  })
  return s.replace(/[,\u066b]/, '.').replace(/^\u2212/, '-')
}

/** Parses what the buyer typed; never returns NaN. */
export function parseCircumference(input: string | number, limits: Range): { ok: true; value: number } | { ok: false; error: CircumferenceError } {
  let value: number
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, error: 'circumference.notNumber' }
    value = input
  } else {
    if (input.trim() === '') return { ok: false, error: 'circumference.required' }
    const s = toAsciiNumber(input)
    if (!NUMBER.test(s)) return { ok: false, error: 'circumference.notNumber' }
    value = Number(s)
  }
  if (value < limits.min) return { ok: false, error: 'circumference.tooSmall' }
  if (value > limits.max) return { ok: false, error: 'circumference.tooLarge' }
  return { ok: true, value }
}

export type SizingInput = {
  /** As typed (string) or already a number, in mm. */
  circumference: string | number
  process: string
  /** A product id ("beef"), or empty / undefined for any product. */
  product?: string
}

/** One sentence of the explanation: UI key `size-selector.<key>` and its {placeholder} values.
 *  Numbers stay numbers (the page formats them for the locale); `product` is a product id. */
export type ExplanationLine = { key: string; values: Record<string, number | string> }

export type RollLength = number | 'custom'

export type Recommendation = {
  product?: string
  process: SizingProcess
  circumferenceMm: number
  /** C / π, rounded to 0.1 mm. */
  productDiameterMm: number
  /** The process's target stretch. */
  stretch: number
  /** Relaxed inner diameter, mm: 5 mm steps within facts.sizing.innerDiameterMm. */
  innerDiameterMm: number
  /** Set when the range of nets we make cut the diameter. */
  clamped: 'min' | 'max' | null
  /** Product diameter / net diameter, rounded to 0.01: what the product really gets. */
  effectiveStretch: number
  stitches: number
  /** Mesh opening on the product, C / stitches, rounded to 0.1 mm. */
  meshOpeningMm: number
  elasticity: Elasticity
  rollLength: RollLength
  explanation: ExplanationLine[]
}

export type SizingResult =
  | { ok: true; recommendation: Recommendation }
  | { ok: false; error: SizingError; field: 'circumference' | 'process' | 'product' }

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits
const isProcess = (p: string): p is SizingProcess => (SIZING_PROCESSES as readonly string[]).includes(p)

function chooseStitches(circumference: number, offered: number[], product: SizingProduct | undefined) {
  const line = product ? offered.filter((n) => product.stitches.includes(n)) : []
  const candidates = line.length ? line : offered
  const fitting = candidates.find((n) => circumference / n <= MAX_MESH_OPENING_MM)
  return { stitches: fitting ?? candidates[candidates.length - 1]!, withinLimit: fitting !== undefined, fromLine: line.length > 0 }
}

function chooseRoll(diameter: number, c: SizingConstants): { roll: RollLength; line: ExplanationLine } {
  const short = c.rollLengthsM[0]!
  const long = c.rollLengthsM[c.rollLengthsM.length - 1]!
  if (diameter >= CUSTOM_ROLL_FROM_DIAMETER_MM && c.customRollLength) {
    return { roll: 'custom', line: { key: 'explain.roll.custom', values: { limit: CUSTOM_ROLL_FROM_DIAMETER_MM } } }
  }
  if (diameter <= LONG_ROLL_MAX_DIAMETER_MM) return { roll: long, line: { key: 'explain.roll.long', values: { limit: LONG_ROLL_MAX_DIAMETER_MM, metres: long } } }
  return { roll: short, line: { key: 'explain.roll.short', values: { limit: LONG_ROLL_MAX_DIAMETER_MM, metres: short } } }
}

/** The recommendation for one input, or the UI key of the first problem with it. */
export function recommendNetting(input: SizingInput, c: SizingConstants): SizingResult {
  const parsed = parseCircumference(input.circumference, circumferenceLimits(c))
  if (!parsed.ok) return { ok: false, error: parsed.error, field: 'circumference' }
  const process = input.process.trim()
  if (process === '') return { ok: false, error: 'process.required', field: 'process' }
  if (!isProcess(process)) return { ok: false, error: 'process.unknown', field: 'process' }
  const productId = input.product?.trim() || undefined
  const product = productId ? c.products.find((p) => p.id === productId) : undefined
  if (productId && !product) return { ok: false, error: 'product.unavailable', field: 'product' }

  const C = parsed.value
  const D = C / Math.PI
  const stretch = STRETCH_RATIO[process]
  const { min, max } = c.innerDiameterMm
  const stepped = Math.round(D / stretch / DIAMETER_STEP_MM) * DIAMETER_STEP_MM
  const innerDiameterMm = Math.min(max, Math.max(min, stepped))
  const clamped = stepped < min ? 'min' : stepped > max ? 'max' : null
  const productDiameterMm = round(D, 1)
  const effectiveStretch = round(D / innerDiameterMm, 2)

  const { stitches, withinLimit, fromLine } = chooseStitches(C, c.stitchCounts, product)
  const meshOpeningMm = round(C / stitches, 1)
  const elasticity = ELASTICITY[process]
  const { roll, line: rollLine } = chooseRoll(innerDiameterMm, c)

  const explanation: ExplanationLine[] = [
    clamped
      ? { key: `explain.clamped.${clamped}`, values: { productDiameter: productDiameterMm, diameter: innerDiameterMm, stretch, effectiveStretch } }
      : { key: 'explain.diameter', values: { productDiameter: productDiameterMm, circumference: C, stretch, diameter: innerDiameterMm } },
    {
      key: `explain.process.${process}`,
      values: process === 'drying' ? { stretch, weightLossMin: DRYING_WEIGHT_LOSS_PCT.min, weightLossMax: DRYING_WEIGHT_LOSS_PCT.max } : { stretch },
    },
    { key: `explain.elasticity.${elasticity}`, values: {} },
    !withinLimit
      ? { key: 'explain.stitches.coarse', values: { stitches, mesh: meshOpeningMm, maxMesh: MAX_MESH_OPENING_MM } }
      : fromLine
        ? { key: 'explain.stitches.product', values: { stitches, mesh: meshOpeningMm, maxMesh: MAX_MESH_OPENING_MM, product: product!.id } }
        : { key: 'explain.stitches.fewest', values: { stitches, mesh: meshOpeningMm, maxMesh: MAX_MESH_OPENING_MM } },
    rollLine,
  ]
  if (product && (innerDiameterMm < product.diameterMm.min || innerDiameterMm > product.diameterMm.max)) {
    explanation.push({ key: 'explain.productRange', values: { product: product.id, min: product.diameterMm.min, max: product.diameterMm.max, diameter: innerDiameterMm } })
  }
  if (product && product.heatC < PROCESS_PEAK_C[process]) {
    explanation.push({ key: 'explain.heat', values: { product: product.id, heat: product.heatC, processHeat: PROCESS_PEAK_C[process] } })
  }

  return {
    ok: true,
    recommendation: {
      ...(product ? { product: product.id } : {}),
      process,
      circumferenceMm: C,
      productDiameterMm,
      stretch,
      innerDiameterMm,
      clamped,
      effectiveStretch,
      stitches,
      meshOpeningMm,
      elasticity,
      rollLength: roll,
      explanation,
    },
  }
}

/**
 * The query string for "Request a quote with this size", read by the quote form
 * (pages/interactive/quote). Parameter names — keep both sides in step:
 *   product   product id ("beef"); left out when no product was chosen
 *   diameter  relaxed inner diameter, mm, integer ("120")
 *   stitches  stitch count ("24")
 *   process   "standard-cooking" | "roasting" | "smoking" | "drying" (= PROCESSES in lib/leads/schema.ts)
 *   rolls     roll length: metres ("50", "100") or "custom"
 * e.g. "product=beef&diameter=120&stitches=24&process=roasting&rolls=50"
 */
export function quoteQuery(r: Recommendation): string {
  const params = new URLSearchParams()
  if (r.product) params.set('product', r.product)
  params.set('diameter', String(r.innerDiameterMm))
  params.set('stitches', String(r.stitches))
  params.set('process', r.process)
  params.set('rolls', String(r.rollLength))
  return params.toString()
}
