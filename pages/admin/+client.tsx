// https://vike.dev/client: the admin page is an island. It sets no onRenderClient, so Vike ships
// neither its client runtime nor the page-entry map (14 KB gzip); this module hydrates #root
// with the same tree renderer/+onRenderHtml.tsx rendered, from the page's own JSON data block.
import '../../renderer/styles.css'
import { hydrateRoot } from 'react-dom/client'
import { enhance } from '../../renderer/enhance'
import { PageRoot } from '../../renderer/page-root'
import type { PageData } from '../../renderer/+onRenderHtml'
import { ISLAND_DATA_ID } from '../../components/admin/island-data'
import Page from './+Page'

enhance()
const block = document.getElementById(ISLAND_DATA_ID)
const data = JSON.parse(block?.textContent ?? 'null') as PageData | null
if (!data?.client) throw new Error(`pages/admin/+client.tsx: #${ISLAND_DATA_ID} is missing from the page`)
const { primary, fallback, links, vars } = data.client
hydrateRoot(
  document.getElementById('root')!,
  <PageRoot Page={Page} locale="en" dir="ltr" primary={primary} fallback={fallback} vars={vars} href={(to) => links[to] ?? to} data={data} />,
)
