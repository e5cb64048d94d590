// The whole client runtime of an island page (contact, quote, samples, size selector; the admin
// page has its own, pages/admin/+client.tsx): hydrateRoot on #root and nothing else (the shared
// progressive enhancement is inline in the built page). No client router, no Vike client runtime
// (the pages have no onRenderClient, so Vike treats them as HTML-only and load just their
// +client.ts).
// Each page's +client.ts calls this with its Page.
import './stylesheets/island.css'
import type { ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { enhance } from './enhance'
import { fillPlaceholders, type Interpolate } from '../lib/i18n/fill'
import { ISLAND_PROPS_ID, type IslandProps } from './island-props'
import { PageRoot } from './page-root'

export function hydrateIsland(Page: ComponentType) {
  // The built page carries enhance() inline (scripts/page-scripts.ts); only the dev server,
  // which serves the page as Vike renders it, needs it here. The build drops this line.
  if (import.meta.env.DEV) enhance()
  const json = document.getElementById(ISLAND_PROPS_ID)?.textContent
  const root = document.getElementById('root')
  if (!json || !root) throw new Error(`hydrateIsland(): the page has no #${ISLAND_PROPS_ID} or #root`)
  const p = JSON.parse(json) as IslandProps
  // The props carry locale, dir, primary, fallback, vars and data under PageRoot's names.
  const hydrate = (interpolate: Interpolate) => hydrateRoot(root, <PageRoot {...p} Page={Page} interpolate={interpolate} href={(to) => p.links[to] ?? to} />)
  // Plural/select forms need the message parser (lib/i18n/translate.ts): it loads first, and
  // only on a page whose texts have one; the prerendered page works meanwhile.
  if (p.forms) import('../lib/i18n/translate').then((m) => hydrate(m.interpolate))
  else hydrate(fillPlaceholders)
}
