// https://vike.dev/data
import { productFormData, type ProductFormData } from '../../../lib/pages/interactive'

export type QuotePageData = ProductFormData
export const data = productFormData('quote')
