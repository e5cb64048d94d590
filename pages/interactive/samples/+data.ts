// https://vike.dev/data
import { productFormData, type ProductFormData } from '../../../lib/pages/interactive'

export type SamplesPageData = ProductFormData
export const data = productFormData('samples')
