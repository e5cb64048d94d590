import type { BlockPageData } from '../../lib/pages/block-page'
import { usePageData } from '../page-data'
import { Blocks } from './blocks'

export function BlockPage() {
  const { content, products, documents } = usePageData<BlockPageData>()
  return <Blocks blocks={content.blocks} products={products} documents={documents} />
}
