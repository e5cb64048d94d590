// https://vike.dev/client: the search page is HTML like every content page, plus the search
// script, which fetches Pagefind's own code and index only when the buyer searches.
import '../../../renderer/styles.css'
import { enhance } from '../../../renderer/enhance'
import { startSearch } from '../../../components/search/search-client'

enhance()
startSearch()
