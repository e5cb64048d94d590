// The size selector's rule: product circumference + process (+ optional product type) → the
// netting to ask for. Pure (no I/O, no React, no velite import), so the browser runs exactly
// the code the unit tests check; +data passes the few facts it needs (sizingConstants()).
//
// ONE SIZING MODEL (defined in content/facts.yml, "THE SIZING MODEL", and in the glossary terms
// inner-diameter and relaxed-diameter). Two quantities, never mixed up:
//   inner diameter   the diameter of meat the net holds = the netting size. The catalogue's
//                    ranges (facts products.*.diameterMm, sizing.innerDiameterMm) measure it,
//                    the quote form asks for it, and the selector outputs it as its main answer.
//   relaxed diameter the same net at rest on the roll = inner diameter ÷ stretch for the
//                    process. Shown as a secondary figure only; never compared with a range.
// So a product that sits inside a line's range gets that line's standard netting.
//
// THE RULE
//
// 1. Inner diameter. Buyers measure around the product with a tape, so the input is the
//    circumference C (mm). The product is close enough to a cylinder: D = C / π. The netting
//    size is D rounded to the 5 mm steps sizes are sold in (DIAMETER_STEP_MM).
//
// 2. Valid input: the circumferences of the inner diameters we make (facts.sizing.innerDiameterMm,
//    30–250 mm), to the whole millimetre a tape shows: π × 30 = 94.2 → 94 mm to π × 250 = 785.4
//    → 785 mm. Every accepted product rounds to a size inside that range: nothing is clamped.
//
// 3. Standard line or made to order. With a product type chosen, the size is checked against
//    that line's range (facts products.<id>.diameterMm): inside → the line's standard netting;
//    outside → made to order. Without a product type, the explanation lists the lines whose
//    range holds the size (none: the size is made to order).
//
// 4. Stretch and relaxed diameter. Elastic netting only holds if it goes on stretched: at rest
//    it is SMALLER than the product, d = D / s, where s is the process's stretch
//    (facts.sizing.stretchByProcess). The product loses weight in the process and shrinks; a
//    weight loss L shrinks the diameter by about 1 − (1 − L)^(1/3) (volume scales with D³). Each
//    s is chosen so the net still grips at roughly 1.2× once that shrinkage has happened:
//      standard cooking 1.35  steam / water bath / cook-in, ~10–20 % loss (D −4…7 %): moderate
//      roasting         1.45  dry oven heat, ~20–30 % loss (D −7…11 %): moderate, a bit firmer
//      smoking          1.25  ~5–10 % loss; a lighter grip avoids deep net marks and lets smoke
//                             colour the surface evenly under the threads: moderate-light
//      drying / ageing  1.60  30–40 % loss (D −11…16 %): the most grip, so the net still holds
//                             the product at the end of ageing (1.6 × 0.84 ≈ 1.34)
//    We knit the net for the size and process; the buyer orders by inner diameter and process.
//    d is shown rounded to 1 mm.
//
// 5. Stitch count = longitudinal threads around the net; on the product one mesh opening is
//    about C / n wide. Each line is knitted in its own counts (facts products.<id>.stitches) and
//    the selector recommends only those: a count the product page does not list cannot be
//    ordered. Which of them follows the process, by the one rule the product pages state too
//    (facts sizing.stitchesByProcess, processStitches):
//      by-size (cooking, roasting): larger products take FEWER stitches (an open mesh, and the
//        strength a heavy piece needs) and smaller ones MORE (a finer, more even pattern), as the
//        guides say: the line's range is split into equal bands of its 5 mm sizes, one band per
//        count, the most stitches on the smallest sizes (lineStitches). A size below or above
//        the range (made to order) takes the count of the nearest band.
//      lowest (smoking, drying): the line's lowest count at every size, its most open mesh, so
//        smoke and drying air reach more of the surface ("for smoked products, a lower stitch
//        count" on the pork page, a lower count for dried beef).
//    The opening C / n is shown, not judged: the product pages offer every count over the whole
//    range. Without a product type no count is recommended (the lines that hold a size are
//    knitted in different counts), so the quote link carries none either.
//
// 6. Elasticity follows the process (facts.sizing.elasticityByProcess), with the grades as the
//    size guide and the glossary define them: HIGH stretches furthest and pulls back hardest,
//    so it keeps gripping as the product shrinks (drying and ageing); MEDIUM is the general
//    choice for cooking and roasting; LOW pulls back gently, for light pressure and shallow net
//    marks, over a narrower size range (smoking, where the product loses little weight).
//
// 7. Rolls: every size comes on the standard roll lengths the product pages state
//    (facts.sizing.rollLengthsM, 50 m and 100 m), and on a custom length when
//    facts.sizing.customRollLength allows; the buyer chooses, so the quote link carries none.
//
// 8. Heat: with a product type chosen, a note when the line's heat rating is below the
//    process's peak temperature (PROCESS_PEAK_C; today only sausage-salami netting, 120 °C, for
//    roasting).
//
// Errors and explanation lines are UI keys under "size-selector.": errors are
// `size-selector.error.<code>`, explanation lines `size-selector.<key>` with their values.

export const SIZING_PROCESSES = ['standard-cooking', 'roasting', 'smoking', 'drying'] as const
export type SizingProcess = (typeof SIZING_PROCESSES)[number]
export type Elasticity = 'high' | 'medium' | 'low'
/** How a process picks among a line's stitch counts (rule 5). */
export type StitchRule = 'by-size' | 'lowest'

/** Weight lost in drying and ageing, %: the reason for the drying stretch (explanation text). */
export const DRYING_WEIGHT_LOSS_PCT = { min: 30, max: 40 }
/** Peak temperature a net meets in the process, °C: water boils at 100; hot smoking up to 120;
 *  roasting ovens commonly run to 200; drying rooms are at ambient temperature. */
export const PROCESS_PEAK_C: Record<SizingProcess, number> = { 'standard-cooking': 100, roasting: 200, smoking: 120, drying: 30 }
/** Netting sizes (inner diameters) are sold in 5 mm steps. */
export const DIAMETER_STEP_MM = 5

type Range = { min: number; max: number }
export type SizingProduct = { id: string; diameterMm: Range; stitches: number[]; heatC: number }

/** The facts the rule needs, and only the products that exist in the current locale. */
export type SizingConstants = {
  innerDiameterMm: Range
  stretchByProcess: Record<SizingProcess, number>
  elasticityByProcess: Record<SizingProcess, Elasticity>
  stitchesByProcess: Record<SizingProcess, StitchRule>
  rollLengthsM: number[]
  customRollLength: boolean
  products: SizingProduct[]
}

type FactsLike = {
  sizing: {
    innerDiameterMm: Range
    stretchByProcess: Record<SizingProcess, number>
    elasticityByProcess: Record<SizingProcess, Elasticity>
    stitchesByProcess: Record<SizingProcess, StitchRule>
    rollLengthsM: number[]
    customRollLength: boolean
  }
  products: Record<string, { diameterMm: Range; stitches: number[]; heatC: number }>
}

/** Picks from content/facts.yml what the size selector needs; `productIds` are the products
 *  that exist in the locale (in Arabic there is no pork and no bacon-ham), in display order. */
export function sizingConstants(facts: FactsLike, productIds: string[]): SizingConstants {
  const { innerDiameterMm, stretchByProcess, elasticityByProcess, stitchesByProcess, rollLengthsM, customRollLength } = facts.sizing
  return {
    innerDiameterMm: { min: innerDiameterMm.min, max: innerDiameterMm.max },
    stretchByProcess: Object.fromEntries(SIZING_PROCESSES.map((p) => [p, stretchByProcess[p]])) as Record<SizingProcess, number>,
    elasticityByProcess: Object.fromEntries(SIZING_PROCESSES.map((p) => [p, elasticityByProcess[p]])) as Record<SizingProcess, Elasticity>,
    stitchesByProcess: Object.fromEntries(SIZING_PROCESSES.map((p) => [p, stitchesByProcess[p]])) as Record<SizingProcess, StitchRule>,
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
export function sizingProductIds(
  table: { routes: Map<string, { page: string; param?: string; paths: Partial<Record<string, string>> }> },
  locale: string,
): string[] {
  return [...table.routes.values()].filter((r) => r.page === 'product' && r.param && r.paths[locale]).map((r) => r.param!)
}

/** Accepted circumference, mm, whole numbers (rule 2): 94–785 with today's facts. */
export function circumferenceLimits(c: Pick<SizingConstants, 'innerDiameterMm'>): Range {
  return {
    min: Math.round(Math.PI * c.innerDiameterMm.min),
    max: Math.round(Math.PI * c.innerDiameterMm.max),
  }
}

export type CircumferenceError = 'circumference.required' | 'circumference.notNumber' | 'circumference.tooSmall' | 'circumference.tooLarge'
export type SizingError = CircumferenceError | 'process.required' | 'process.unknown' | 'product.unavailable'

// Buyers type numbers the way their locale writes them: "314,5", "314.5", Arabic-Indic "٣١٤٫٥"
// (U+0660–0669 and the Arabic decimal separator U+066B) or the Eastern forms used in Persian and
// Urdu keyboards (U+06F0–06F9). A trailing unit "mm" / "مم" is tolerated. Thousands separators are
// not: with at most 785 mm there is no need, and "1,200" would be ambiguous.
const DIGIT_BLOCKS = [0x0660, 0x06f0]
const NUMBER = /^-?\d+(\.\d+)?$/

function toAsciiNumber(raw: string): string {
  let s = raw
    .trim()
    .replace(/\s*(mm|مم)$/i, '')
    .trim()
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
 *  Numbers stay numbers (the page formats them for the locale); `product` is a product id;
 *  `products` is a list of product ids (the page joins their names as a list); `counts` (stitch
 *  counts) and `metres` (roll lengths) are lists of numbers, joined the same way. */
export type ExplanationLine = { key: string; values: Record<string, number | string | string[] | number[]> }

export type Recommendation = {
  product?: string
  /** With a product: true when the size is inside that line's range (its standard netting),
   *  false when the line makes it to order. Without a product: undefined. */
  standard?: boolean
  /** The product lines (ids, in locale order) whose range holds the size. */
  standardLines: string[]
  process: SizingProcess
  circumferenceMm: number
  /** C / π, rounded to 0.1 mm. */
  productDiameterMm: number
  /** THE answer: inner diameter = netting size = diameter of meat the net holds, mm, in 5 mm
   *  steps within facts.sizing.innerDiameterMm. Same quantity as the catalogue's ranges. */
  innerDiameterMm: number
  /** The process's stretch (product diameter ÷ relaxed diameter). */
  stretch: number
  /** The net at rest, on the roll: innerDiameterMm ÷ stretch, rounded to 1 mm. */
  relaxedDiameterMm: number
  /** With a product type: one of the counts that line is knitted in (rule 5). Without: none. */
  stitches?: number
  /** Mesh opening on the product, C / stitches, rounded to 0.1 mm; with a stitch count only. */
  meshOpeningMm?: number
  elasticity: Elasticity
  /** The standard roll lengths, m, shortest first (every size comes on each). */
  rollLengthsM: number[]
  /** Whether a custom roll length can be ordered as well. */
  customRollLength: boolean
  explanation: ExplanationLine[]
}

export type SizingResult = { ok: true; recommendation: Recommendation } | { ok: false; error: SizingError; field: 'circumference' | 'process' | 'product' }

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits
const isProcess = (p: string): p is SizingProcess => (SIZING_PROCESSES as readonly string[]).includes(p)

/** The count a line is knitted in for an inner diameter (rule 5): the line's 5 mm sizes in
 *  equal bands, one per count, the most stitches on the smallest sizes; a size outside the range
 *  takes the nearest band's count. */
export function lineStitches(p: Pick<SizingProduct, 'diameterMm' | 'stitches'>, diameterMm: number): number {
  const counts = [...p.stitches].sort((a, b) => b - a)
  if (counts.length === 0) throw new Error('lineStitches: the line lists no stitch count')
  const sizes = Math.floor((p.diameterMm.max - p.diameterMm.min) / DIAMETER_STEP_MM) + 1
  const index = Math.floor((diameterMm - p.diameterMm.min) / DIAMETER_STEP_MM)
  const band = Math.floor((index * counts.length) / sizes)
  return counts[Math.min(counts.length - 1, Math.max(0, band))]!
}

/** The count a line is knitted in for an inner diameter under a process's rule (rule 5,
 *  facts sizing.stitchesByProcess): `lowest`, the line's lowest count at every size; `by-size`,
 *  the count of the size's band (lineStitches). */
export function processStitches(p: Pick<SizingProduct, 'diameterMm' | 'stitches'>, diameterMm: number, rule: StitchRule): number {
  if (p.stitches.length === 0) throw new Error('processStitches: the line lists no stitch count')
  return rule === 'lowest' ? Math.min(...p.stitches) : lineStitches(p, diameterMm)
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
  const { min, max } = c.innerDiameterMm
  // The limits keep D within [min, max]; the clamp only guards rounding at the very ends.
  const innerDiameterMm = Math.min(max, Math.max(min, Math.round(D / DIAMETER_STEP_MM) * DIAMETER_STEP_MM))
  const productDiameterMm = round(D, 1)
  const stretch = c.stretchByProcess[process]
  const relaxedDiameterMm = Math.round(innerDiameterMm / stretch)
  const holds = (p: SizingProduct) => innerDiameterMm >= p.diameterMm.min && innerDiameterMm <= p.diameterMm.max
  const standardLines = c.products.filter(holds).map((p) => p.id)

  const stitchRule = c.stitchesByProcess[process]
  const stitches = product ? processStitches(product, innerDiameterMm, stitchRule) : undefined
  const meshOpeningMm = stitches ? round(C / stitches, 1) : undefined
  const elasticity = c.elasticityByProcess[process]

  const explanation: ExplanationLine[] = [
    { key: 'explain.diameter', values: { productDiameter: productDiameterMm, circumference: C, diameter: innerDiameterMm } },
    product
      ? holds(product)
        ? { key: 'explain.line.standard', values: { product: product.id, min: product.diameterMm.min, max: product.diameterMm.max, diameter: innerDiameterMm } }
        : {
            key: 'explain.line.madeToOrder',
            values: { product: product.id, min: product.diameterMm.min, max: product.diameterMm.max, diameter: innerDiameterMm },
          }
      : standardLines.length
        ? { key: 'explain.lines.standard', values: { products: standardLines, diameter: innerDiameterMm } }
        : { key: 'explain.lines.none', values: { diameter: innerDiameterMm } },
    {
      key: `explain.process.${process}`,
      values: process === 'drying' ? { stretch, weightLossMin: DRYING_WEIGHT_LOSS_PCT.min, weightLossMax: DRYING_WEIGHT_LOSS_PCT.max } : { stretch },
    },
    { key: 'explain.relaxed', values: { diameter: innerDiameterMm, stretch, relaxed: relaxedDiameterMm } },
    { key: `explain.elasticity.${elasticity}`, values: {} },
    product && stitches && meshOpeningMm
      ? {
          // one sentence for both rules (by size, the lowest), so it reads true in every process
          key: 'explain.stitches.line',
          values: { product: product.id, counts: [...product.stitches].sort((a, b) => a - b), diameter: innerDiameterMm, stitches, mesh: meshOpeningMm },
        }
      : { key: 'explain.stitches.choose', values: {} },
    { key: 'explain.roll.standard', values: { metres: c.rollLengthsM } },
    ...(c.customRollLength ? [{ key: 'explain.roll.custom', values: {} } satisfies ExplanationLine] : []),
  ]
  if (product && product.heatC < PROCESS_PEAK_C[process]) {
    explanation.push({ key: 'explain.heat', values: { product: product.id, heat: product.heatC, processHeat: PROCESS_PEAK_C[process] } })
  }

  return {
    ok: true,
    recommendation: {
      ...(product ? { product: product.id, standard: holds(product) } : {}),
      standardLines,
      process,
      circumferenceMm: C,
      productDiameterMm,
      innerDiameterMm,
      stretch,
      relaxedDiameterMm,
      ...(stitches && meshOpeningMm ? { stitches, meshOpeningMm } : {}),
      elasticity,
      rollLengthsM: [...c.rollLengthsM],
      customRollLength: c.customRollLength,
      explanation,
    },
  }
}

/**
 * The query string for "Request a quote with this size", read by the quote form
 * (pages/interactive/quote). Parameter names — keep both sides in step:
 *   product   product id ("beef"); left out when no product was chosen
 *   diameter  inner diameter (netting size = diameter of meat held), mm, integer ("120")
 *   stitches  stitch count ("24"); only with a product, and always one that line is knitted in
 *   process   "standard-cooking" | "roasting" | "smoking" | "drying" (= PROCESSES in lib/leads/schema.ts)
 *   rolls     not sent: every size comes on every standard roll length, the buyer chooses (the
 *             quote form still reads "50", "100" or "custom" from other links)
 * e.g. "product=beef&diameter=120&stitches=24&process=roasting"
 */
export function quoteQuery(r: Recommendation): string {
  const params = new URLSearchParams()
  if (r.product) params.set('product', r.product)
  params.set('diameter', String(r.innerDiameterMm))
  if (r.stitches) params.set('stitches', String(r.stitches))
  params.set('process', r.process)
  return params.toString()
}
