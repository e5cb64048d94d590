// https://vike.dev/onBeforePrerenderStart: the not-found page of every locale
import { notFoundUrls } from '../../../lib/routing/prerender'

export const onBeforePrerenderStart = () => notFoundUrls()
