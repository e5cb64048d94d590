// https://vike.dev/data
// Besides the UI strings, the browser gets the sizing facts and the products that exist in this
// locale (no pork or bacon-ham in Arabic), so the calculator runs without a server.
import type { PageContextServer } from 'vike/types'
import { facts, routeTable } from '../../../lib/content/data'
import { interactiveData, type InteractiveData } from '../../../lib/pages/interactive'
import { sizingConstants, sizingProductIds, type SizingConstants } from '../../../lib/sizing/recommend'

export type SizeSelectorData = InteractiveData & { sizing: SizingConstants }

export function data(pageContext: PageContextServer): SizeSelectorData {
  const ids = sizingProductIds(routeTable, pageContext.locale)
  const links = ['quote', 'products', 'samples', 'guide/how-to-choose-netting-size-calculator', ...ids.map((id) => `product/${id}`)]
  const base = interactiveData('size-selector', ['product.', 'spec.', 'process.'], links)(pageContext)
  return { ...base, sizing: sizingConstants(facts, ids) }
}
