// https://vike.dev/data
// Besides the samples.* and form.* strings and the links (thank-you page after sending, privacy
// policy on the downloads page), the browser gets the products that exist in this locale (no
// pork or bacon-ham in Arabic) with their names, for the product checkboxes.
import type { PageContextServer } from 'vike/types'
import { dictionaries, routeTable } from '../../../lib/content/data'
import { createTranslator } from '../../../lib/i18n/translate'
import { interactiveData, type InteractiveData } from '../../../lib/pages/interactive'
import { sizingProductIds } from '../../../lib/sizing/recommend'

export type SamplesPageData = InteractiveData & { products: { value: string; label: string }[] }

export function data(pageContext: PageContextServer): SamplesPageData {
  const { primary, fallback } = dictionaries(pageContext.locale)
  const t = createTranslator(primary, fallback)
  const products = sizingProductIds(routeTable, pageContext.locale).map((id) => ({ value: id, label: t(`product.${id}.name`) }))
  return { ...interactiveData('samples', ['form.'], ['home', 'products', 'thank-you', 'downloads'])(pageContext), products }
}
