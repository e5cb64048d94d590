// https://vike.dev/client: this page is an island; the browser loads only this file.
import { hydrateIsland } from '../../../renderer/hydrate-island'
import Page from './+Page'

hydrateIsland(Page)
