// https://vike.dev/data
import { blockPageData } from '../../../lib/pages/block-page'

export const data = blockPageData('bacon')
