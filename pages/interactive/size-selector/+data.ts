// https://vike.dev/data
// Besides the UI strings, the browser gets the sizing facts and the products that exist in this
// locale (no pork or bacon-ham in Arabic), so the calculator runs without a server.
import type { PageContextServer } from 'vike/types'
import { facts, routeTable } from '../../../lib/content/data'
import { interactiveData, type InteractiveData } from '../../../lib/pages/interactive'
import {
  circumferenceLimits,
  SIZING_PROCESSES,
  sizingConstants,
  sizingProductIds,
  type SizingConstants,
  type SizingProcess,
} from '../../../lib/sizing/recommend'

/** `limits` and `processes` come computed with the page, so the browser needs the rule itself
 *  (lib/sizing/recommend.ts) only once a buyer asks for a size (see +Page.tsx). */
export type SizeSelectorData = InteractiveData & { sizing: SizingConstants; limits: { min: number; max: number }; processes: SizingProcess[] }

export function data(pageContext: PageContextServer): SizeSelectorData {
  const ids = sizingProductIds(routeTable, pageContext.locale)
  const links = ['quote', 'products', 'samples', 'guide/how-to-choose-netting-size-calculator', ...ids.map((id) => `product/${id}`)]
  const base = interactiveData('size-selector', ['product.', 'spec.', 'process.'], links)(pageContext)
  const sizing = sizingConstants(facts, ids)
  return { ...base, sizing, limits: circumferenceLimits(sizing), processes: [...SIZING_PROCESSES] }
}
