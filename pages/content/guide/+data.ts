// https://vike.dev/data
import { guides } from '../../../lib/content/data'
import { articleData } from '../../../lib/pages/article'

export const data = articleData(guides, 'guides', { label: 'guide', target: 'guide/meat-netting' })
