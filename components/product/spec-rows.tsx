// A product's technical specifications as [label, value] rows: the product page and its PDF data
// sheet (scripts/documents/data-sheet.ts) show the same rows from the same code.
import type { ReactNode } from 'react'
import type { SpecField } from '../../lib/facts/format'
import type { Translate } from '../../lib/i18n/types'

export type SpecRow = [label: string, value: ReactNode]

/**
 * A value that is one left-to-right run ("100–250 mm") sits in <bdi dir="ltr">; text that mixes
 * values with words (the roll list, the smoking note) keeps the page's direction, its values
 * isolated by lib/facts/format.ts, so Arabic reads "50 m أو 100 m أو …" in order.
 */
export function specRows(t: Translate, spec: Record<SpecField, string>, rollsRow: string, heatNote: boolean): SpecRow[] {
  const ltr = (v: string) => <bdi dir="ltr">{v.replace(/[\u2066-\u2069]/g, '')}</bdi>
  return [
    // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] row, keyed by its label where the rows are rendered
    [t('spec.material'), <bdi>{t('spec.materialValue')}</bdi>],
    [t('spec.heatResistance'), heatNote ? `${spec.heat} – ${t('spec.forSmoking')}` : ltr(spec.heat)],
    [t('spec.innerDiameter'), ltr(spec.diameter)],
    [t('spec.stitchCounts'), ltr(spec.stitches)],
    [t('spec.rollLengths'), rollsRow],
  ]
}
