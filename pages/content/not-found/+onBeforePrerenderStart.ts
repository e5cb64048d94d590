// https://vike.dev/onBeforePrerenderStart: the not-found page of every locale
import { inThisShard, notFoundUrls } from '../../../lib/pages/prerender'

export const onBeforePrerenderStart = () => inThisShard(notFoundUrls())
