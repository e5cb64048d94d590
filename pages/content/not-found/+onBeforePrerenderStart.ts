// https://vike.dev/onBeforePrerenderStart: the not-found page of every locale
import { prerenderNotFoundUrls } from '../../../lib/routing/prerender'

export const onBeforePrerenderStart = () => prerenderNotFoundUrls()
