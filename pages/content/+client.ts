// https://vike.dev/client: content pages have no onRenderClient (HTML only) and load just this
// one small script, inlined into each page by the postbuild (lib/build/inline-scripts.ts). The
// search page fetches its search code on top, as a separate file, only when it is the search page.
import '../../renderer/stylesheets/content.css'
import { enhance } from '../../renderer/enhance'

enhance()
if (document.getElementById('site-search')) void import('../../components/search/search-client').then((m) => m.startSearch())
