// https://vike.dev/onBeforePrerenderStart: this page's localized URLs, from content/routes.yml
import { prerenderUrls } from '../../../lib/pages/prerender'

export const onBeforePrerenderStart = () => prerenderUrls('samples')
