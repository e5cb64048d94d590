// Every page's data, computed without Vike, so that a rebuild redoes only what changed.
// A rebuild whose code is unchanged (scripts/pages.ts) must know which pages changed before it
// asks Vike to render anything: a page's output is a function of the code, the shared content
// and its `data` (lib/build/render-cache.ts), so this computes each page's `data` the way Vike
// does and keys it exactly as renderer/+onRenderHtml.tsx keys it.
//
// It replays Vike's routing with our own hooks, which is all the routing this site has:
// renderer/+onBeforeRoute.ts maps the URL to a logical one, and each page's +route.ts (a route
// function, lib/routing/logical.ts) claims it. Then the page's +data.ts runs on a page context
// that holds only what Vike gives a data hook here. A data hook that reads anything else stops
// the plan with an error naming it, rather than keying a page on a value Vike would not give it;
// tests/unit/page-plan.test.ts checks the keys against the ones Vike's prerender stored.
import { existsSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { filesUnder } from './files-under'
import { pageKey } from './render-cache'

type Hook = (pageContext: Record<string, unknown>) => unknown
type PageModule = { dir: string; route: (pageContext: { urlPathname: string }) => boolean | { routeParams: Record<string, string> }; data?: Hook }
export type PlannedPage = { url: string; page: string; key: string | undefined }

/** The page folders of `pagesDir` (those with a +route.ts), as Vike finds them: at any depth. */
const pageDirs = (pagesDir: string): string[] =>
  filesUnder(pagesDir)
    .filter((file) => basename(file) === '+route.ts')
    .map((file) => dirname(file))

async function loadPages(root: string): Promise<PageModule[]> {
  const dirs = pageDirs(join(root, 'pages'))
  return Promise.all(
    dirs.map(async (dir) => {
      const route = (await import(pathToFileURL(join(dir, '+route.ts')).href)).default
      const dataFile = join(dir, '+data.ts')
      const data = existsSync(dataFile) ? (await import(pathToFileURL(dataFile).href)).data : undefined
      return { dir: relative(root, dir), route, data }
    }),
  )
}

/** A page context that holds `fields` and throws on any other property a data hook reads. */
export function strictPageContext(fields: Record<string, unknown>, hookFile: string): Record<string, unknown> {
  return new Proxy(fields, {
    get(target, prop) {
      if (typeof prop === 'symbol' || prop in target || prop === 'then' || prop === 'toJSON') return Reflect.get(target, prop)
      throw new Error(
        `${hookFile} reads pageContext.${prop}, which the page plan (lib/build/page-plan.ts) does not give data hooks: add it there, as Vike sets it, so that rebuilds key that page right`,
      )
    },
  })
}

/**
 * Loads the routing and every page's hooks, and returns the planner: for each of `urls`, the page
 * that renders it and its render-cache key (undefined when its data cannot be keyed exactly; that
 * page is always rendered). `code` and `shared` are the render cache's identities of the server
 * bundle and the shared content. Loading comes first so that a build can do it while the steps
 * whose outputs the data hooks read are still running.
 */
export async function pagePlanner(root: string) {
  const { onBeforeRoute } = await import(pathToFileURL(join(root, 'renderer/+onBeforeRoute.ts')).href)
  const pages = await loadPages(root)
  return async (urls: string[], code: string, shared: (locale: string) => string): Promise<PlannedPage[]> => {
    const planned: PlannedPage[] = []
    for (const url of urls) {
      const { pageContext: routed } = onBeforeRoute({ urlParsed: { pathname: url } }) as { pageContext: { urlLogical: string } & Record<string, unknown> }
      let hit: { page: PageModule; routeParams: Record<string, string> } | undefined
      for (const page of pages) {
        const match = page.route({ urlPathname: routed.urlLogical })
        if (match) {
          if (hit) throw new Error(`page plan: ${url} (${routed.urlLogical}) matches both ${hit.page.dir} and ${page.dir}`)
          hit = { page, routeParams: match === true ? {} : match.routeParams }
        }
      }
      if (!hit) throw new Error(`page plan: no page of pages/ claims ${url} (${routed.urlLogical})`)
      const hookFile = `${hit.page.dir}/+data.ts`
      const context = strictPageContext({ ...routed, urlOriginal: url, routeParams: hit.routeParams, isPrerendering: true }, hookFile)
      const data = hit.page.data ? await hit.page.data(context) : undefined
      const locale = typeof routed.locale === 'string' ? routed.locale : 'en'
      planned.push({ url, page: hit.page.dir, key: pageKey(code, shared(locale), url, data) })
    }
    return planned
  }
}
