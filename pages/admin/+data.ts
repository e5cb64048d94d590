// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { routeTable, translator } from '../../lib/content/data'
import { interactiveData, type InteractiveData } from '../../lib/pages/interactive'
import { sizingProductIds } from '../../lib/sizing/recommend'

export type AdminData = InteractiveData & { products: { value: string; label: string }[] }

const base = interactiveData('admin', [], ['home', 'products'])

// The product filter of the inbox offers every product id a lead can carry (English names).
export const data = (pageContext: PageContextServer): AdminData => {
  const t = translator('en')
  const products = sizingProductIds(routeTable, 'en').map((id) => ({ value: id, label: t(`product.${id}.name`) }))
  return { ...base(pageContext), products }
}
