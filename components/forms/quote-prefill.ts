// The size selector links to the quote form with its recommendation in the query string
// (lib/sizing/recommend.ts quoteQuery(): product, diameter, stitches, process; `rolls` comes
// only from other links, as every size is sold on every roll length). This turns
// it into form values. Query strings are visitor-controlled: every value is checked against a
// strict pattern or the list of choices, and anything else is ignored.
import type { Translate } from '../../lib/i18n/types'
import type { Values } from './form-context'
import { isProcess } from './choices'

export function quotePrefill(search: string, productIds: readonly string[], t: Translate): Values {
  const q = new URLSearchParams(search)
  const values: Values = {}
  const product = q.get('product')
  if (product && productIds.includes(product)) values.products = [product]
  const diameter = q.get('diameter')
  if (diameter && /^\d{1,3}(\.\d{1,2})?$/.test(diameter)) values.inner_diameter = `${diameter} mm`
  const process = q.get('process')
  if (process && isProcess(process)) values.process = process
  const stitches = q.get('stitches')
  const rolls = q.get('rolls')
  const lines: string[] = []
  if (stitches && /^\d{1,3}$/.test(stitches)) lines.push(t('quote.prefill.stitches', { stitches }))
  if (rolls && /^(\d{1,4}|custom)$/.test(rolls)) {
    lines.push(t('quote.prefill.roll', { rollLength: rolls === 'custom' ? t('quote.prefill.customRoll') : `${rolls} m` }))
  }
  if (lines.length) values.message = [t('quote.prefill.intro'), ...lines].join('\n')
  return values
}
