// The whole client runtime of an island page (contact, quote, samples, size selector, admin):
// the shared progressive enhancement, then hydrateRoot on #root and nothing else. No client
// router, no Vike client runtime (the pages have no onRenderClient, so Vike treats them as
// HTML-only and loads just their +client.ts). Each page's +client.ts calls this with its Page.
import './styles.css'
import type { ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
// The same module as content pages load, under another id: so it can join the islands' one
// shared chunk (vite.config.ts) while content pages keep their own copy without React.
// @ts-expect-error: TypeScript cannot resolve the ?island suffix; the typed import is below.
import { enhance as enhanceIsland } from './enhance?island'
import type { enhance as Enhance } from './enhance'
import { ISLAND_PROPS_ID, type IslandProps } from './island-props'
import { PageRoot } from './page-root'

const enhance = enhanceIsland as typeof Enhance

export function hydrateIsland(Page: ComponentType) {
  enhance()
  const json = document.getElementById(ISLAND_PROPS_ID)?.textContent
  const root = document.getElementById('root')
  if (!json || !root) throw new Error(`renderer/hydrate-island.tsx: #${ISLAND_PROPS_ID} or #root is missing from the page`)
  const p = JSON.parse(json) as IslandProps
  const dir = document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'
  hydrateRoot(
    root,
    <PageRoot Page={Page} locale={p.locale} dir={dir} primary={p.primary} fallback={p.fallback} vars={p.vars} href={(to) => p.links[to] ?? to} data={p.data} />,
  )
}
