// https://vike.dev/config: interactive pages are islands. They set no onRenderClient, so Vike
// renders them as HTML-only pages and ships no client runtime or router; each page's +client.ts
// hydrates #root with renderer/hydrate-island.tsx from the JSON the server writes into the page
// (renderer/island-props.ts). Nothing here is passed through Vike's pageContext. The admin page
// is an island of its own (pages/admin/+client.tsx) that loads supabase-js after sign-in.
import type { Config } from 'vike/types'

export default {} satisfies Config
