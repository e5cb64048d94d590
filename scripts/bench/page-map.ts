// Prints the built site's pages as JSON (route key, page type, locale, URL, placeholder), read
// from the route table of the working directory it runs in: the benchmark runs it inside each
// temporary copy, so synthetic content is included.
import { routeTable } from '../../lib/content/data'

const rows = [...routeTable.routes.values()].flatMap((route) =>
  Object.entries(route.paths).map(([locale, url]) => ({
    key: route.key,
    page: route.page,
    locale,
    url,
    placeholder: route.placeholderIn.includes(locale as never),
  })),
)
process.stdout.write(JSON.stringify({ locales: routeTable.locales, rows }))
