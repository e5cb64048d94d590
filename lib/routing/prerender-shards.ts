// The prerender in shards. Vike keeps every page it has written in memory until its prerender
// ends (each file's HTML stays in `prerenderContext.output`, in
// node_modules/vike/dist/node/prerender/runPrerender.js), so one `vike prerender` of a large
// catalogue grows with the whole site (reports/bench*.md give the peak). scripts/prerender.ts runs
// one `vike prerender` per shard (shardCount), as many at once as there are cores. Each run's
// pages' onBeforePrerenderStart hooks give the URLs of its shard only (inThisShard in
// ./prerender.ts), so Vike never creates a page context for another shard's page. Vike's
// prerender stays what renders and writes every page; only the list it is given is split.

/** The environment variable scripts/prerender.ts sets for each `vike prerender`: "<index>/<count>". */
export const SHARD_ENV = 'PRERENDER_SHARD'

/**
 * The message a prerender run sends its parent (scripts/prerender.ts) over IPC once Vike has
 * loaded the project's config: renderer/+onPrerenderStart.ts, which Vike calls after that and
 * before it renders any page, sends it.
 */
export const CONFIG_LOADED = 'prerender: config loaded'

/** Most pages one `vike prerender` is given: its memory grows with them. */
export const PAGES_PER_SHARD = 4000

/**
 * Fewest pages worth a `vike prerender` of their own: each run pays Vike's start again (its
 * config, the server bundle, the content), which a smaller share does not win back on another core.
 */
export const PAGES_PER_PROCESS = 1000

/**
 * How many shards `pages` pages need on `cores` cores: one per core once each gets
 * PAGES_PER_PROCESS pages, so every core renders and no run starts more than it must; more where a
 * shard would pass `perShard` pages; one at least.
 */
export const shardCount = (pages: number, cores = 1, perShard = PAGES_PER_SHARD) =>
  Math.max(1, Math.ceil(pages / perShard), Math.min(cores, Math.floor(pages / PAGES_PER_PROCESS)))

/** "2/4" → { index: 2, count: 4 }; no value → one shard; anything else is an error naming the value. */
export function parseShard(value: string | undefined): { index: number; count: number } {
  if (value === undefined || value === '') return { index: 0, count: 1 }
  const m = /^(\d+)\/(\d+)$/.exec(value)
  const index = Number(m?.[1])
  const count = Number(m?.[2])
  if (!m || count < 1 || index >= count) throw new Error(`prerender: ${SHARD_ENV}="${value}" is not "<index>/<count>" with index < count`)
  return { index, count }
}

/**
 * The URLs of `shard` among `urls`: every count-th URL from the index-th, in the route table's
 * order, so each shard gets a like share of every page type and language. A URL that is not in
 * `order` (none should be: +onPrerenderStart checks) falls to shard 0, so it is never lost.
 */
export function shardOf(urls: string[], order: string[], shard: { index: number; count: number }): string[] {
  if (shard.count === 1) return urls
  const position = new Map(order.map((url, i) => [url, i]))
  return urls.filter((url) => (position.get(url) ?? 0) % shard.count === shard.index)
}
