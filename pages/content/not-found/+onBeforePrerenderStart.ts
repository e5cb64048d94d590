// https://vike.dev/onBeforePrerenderStart: this page's localized URLs, from content/routes.yml
import { notFoundUrls } from '../../../lib/routing/prerender'

export const onBeforePrerenderStart = () => notFoundUrls()
