// https://vike.dev/client: the admin page is an island. It sets no onRenderClient, so Vike ships
// neither its client runtime nor the page-entry map (14 KB gzip); this module hydrates #root
// with the same tree renderer/+onRenderHtml.tsx rendered, from the page's own JSON data block.
import '../../renderer/stylesheets/admin.css'
import { hydrateRoot } from 'react-dom/client'
import { fillPlaceholders, type Interpolate } from '../../lib/i18n/fill'
import { textsHaveForms } from '../../lib/i18n/plural-forms'
import { enhance } from '../../renderer/enhance'
import { PageRoot } from '../../renderer/page-root'
import type { PageData } from '../../renderer/+onRenderHtml'
import { ISLAND_DATA_ID } from '../../components/admin/island-data'
import Page from './+Page'

// Inline in the built page (scripts/page-scripts.ts); the dev server needs it here.
if (import.meta.env.DEV) enhance()
const block = document.getElementById(ISLAND_DATA_ID)
const data = JSON.parse(block?.textContent ?? 'null') as PageData | null
if (!data?.client) throw new Error(`pages/admin/+client.tsx: #${ISLAND_DATA_ID} is missing from the page`)
const { primary, fallback, links, vars } = data.client
const hydrate = (interpolate: Interpolate) =>
  hydrateRoot(
    document.getElementById('root')!,
    <PageRoot
      Page={Page}
      locale="en"
      dir="ltr"
      primary={primary}
      fallback={fallback}
      vars={vars}
      interpolate={interpolate}
      href={(to) => links[to] ?? to}
      data={data}
    />,
  )
// The plural/select parser (lib/i18n/translate.ts) loads only if the page's texts use a form.
if (textsHaveForms(data)) import('../../lib/i18n/translate').then((m) => hydrate(m.interpolate))
else hydrate(fillPlaceholders)
