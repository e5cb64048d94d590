// https://vike.dev/data
import { glossary } from '../../../lib/content/data'
import { articleData } from '../../../lib/pages/article'

export const data = articleData(glossary, 'glossary', {
  label: 'glossary',
  target: 'glossary',
  headTitle: (term, t) => t('glossary.termTitle', { term }),
})
