// The shape the admin page's +data (pages/admin/+data.ts) returns and the inbox components read,
// here in lib/ so that components/ never import pages/.
import type { InteractiveData } from './interactive'

/** English names of the ids a lead stores, from the content: product, quantity unit, process. */
export type ValueLabels = Record<'products' | 'quantity_unit' | 'process', Record<string, string>>

/** The admin page's data: its strings and links, the product filter's options, the id names. */
export type AdminData = InteractiveData & { products: { value: string; label: string }[]; labels: ValueLabels }
