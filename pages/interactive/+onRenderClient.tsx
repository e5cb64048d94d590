// https://vike.dev/onRenderClient: hydrate only #root; header and footer stay static HTML.
import '../../renderer/styles.css'
import { hydrateRoot } from 'react-dom/client'
import type { ComponentType } from 'react'
import type { PageContextClient } from 'vike/types'
import type { PageData } from '../../lib/pages/page-data'
import { PageRoot } from '../../renderer/page-root'
import { enhance } from '../../renderer/enhance'

export function onRenderClient(pageContext: PageContextClient) {
  enhance()
  const data = pageContext.data as PageData
  const { primary, fallback, links, vars } = data.client!
  const dir = document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'
  hydrateRoot(
    document.getElementById('root')!,
    <PageRoot Page={pageContext.Page as ComponentType} locale={pageContext.locale} dir={dir} primary={primary} fallback={fallback} vars={vars} href={(to) => links[to] ?? to} data={data} />,
  )
}
