// https://vike.dev/onBeforePrerenderStart: the not-found page of every locale
import { notFoundUrls } from '../../../lib/pages/prerender'

export const onBeforePrerenderStart = () => notFoundUrls()
