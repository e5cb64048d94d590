// +data for interactive pages: head from UI strings "<page>.meta.*", plus the strings and links
// the page needs in the browser (see lib/pages/client-data.ts).
import type { PageContextServer } from 'vike/types'
import type { ClientData } from './page-data'
import { routeTable, translator } from '../content/data'
import { clientData } from './client-data'
import type { PageHead } from '../seo/head'
import { sizingProductIds } from '../sizing/recommend'
import { consentRecord, type ConsentRecord } from '../leads/consent-record'

export type InteractiveData = { head: PageHead; client: ClientData }

export function interactiveData(page: string, prefixes: string[], links: string[] = []) {
  return (pageContext: PageContextServer): InteractiveData => {
    const { locale } = pageContext
    const t = translator(locale)
    return {
      head: { title: t(`${page}.meta.title`), description: t(`${page}.meta.description`), breadcrumbs: [[t(`nav.${page}`), page]] },
      client: clientData(locale, [`${page}.`, 'common.', ...prefixes], links),
    }
  }
}

/** +data of a lead form: also the consent text's version and hash the lead records (lib/leads/consent-record.ts). */
export type LeadFormData = InteractiveData & { consent: ConsentRecord }

/** +data of the contact form. */
export function contactFormData(links: string[]) {
  const base = interactiveData('contact', ['form.'], links)
  return (pageContext: PageContextServer): LeadFormData => ({ ...base(pageContext), consent: consentRecord(pageContext.locale, 'contact') })
}

export type ProductFormData = LeadFormData & { products: { value: string; label: string }[] }

/**
 * +data of the quote and samples forms: besides their strings and links (thank-you page after
 * sending, privacy policy on the downloads page), the products that exist in this locale (no
 * pork or bacon-ham in Arabic) with their names, for the product checkboxes.
 */
export function productFormData(page: 'quote' | 'samples') {
  const base = interactiveData(page, ['form.', 'process.'], ['home', 'products', 'thank-you', 'downloads'])
  return (pageContext: PageContextServer): ProductFormData => {
    const t = translator(pageContext.locale)
    const products = sizingProductIds(routeTable, pageContext.locale).map((id) => ({ value: id, label: t(`product.${id}.name`) }))
    return { ...base(pageContext), products, consent: consentRecord(pageContext.locale, page) }
  }
}
