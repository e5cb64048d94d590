// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { PROCESSES, QUANTITY_UNITS } from '../../components/forms/choices'
import { routeTable, translator } from '../../lib/content/data'
import type { AdminData, ValueLabels } from '../../lib/pages/admin'
import { interactiveData } from '../../lib/pages/interactive'
import { sizingProductIds } from '../../lib/sizing/recommend'

const base = interactiveData('admin', [], ['home', 'products'])

// The product filter of the inbox offers every product id a lead can carry; the lead detail
// shows product, unit and process ids by the names the English forms give them.
export const data = (pageContext: PageContextServer): AdminData => {
  const t = translator('en')
  const products = sizingProductIds(routeTable, 'en').map((id) => ({ value: id, label: t(`product.${id}.name`) }))
  const labels: ValueLabels = {
    products: Object.fromEntries(products.map((p) => [p.value, p.label])),
    quantity_unit: Object.fromEntries(QUANTITY_UNITS.map((u) => [u, t(`form.unit.${u}`)])),
    process: Object.fromEntries(PROCESSES.map((p) => [p, t(`process.${p}.name`)])),
  }
  return { ...base(pageContext), products, labels }
}
