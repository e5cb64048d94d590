// The server bundle `npm run build` wrote (dist/server) holds code and no content (turbo.json,
// build:bundle; the task graph itself: tests/unit/build-graph.test.ts).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

describe('the built server bundle', () => {
  // The bundle is reused across content edits (no content input), so it must hold none: were
  // lib/content/data.ts to import velite's JSON again, the content of the day the bundle was made
  // would ship on every later build.
  it('the server bundle holds no content: lib/content/data.ts reads it when the prerender runs', () => {
    const guides = JSON.parse(readFileSync('.velite/guides.json', 'utf8')) as { title: string }[]
    const titles = guides.map((g) => g.title).filter((title) => title.length > 20)
    expect(titles.length).toBeGreaterThan(0)
    const bundle = readdirSync('dist/server', { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.m?js$/.test(f))
      .map((f) => readFileSync(join('dist/server', f), 'utf8'))
    expect(bundle.length).toBeGreaterThan(1)
    expect(titles.filter((title) => bundle.some((code) => code.includes(title)))).toEqual([])
  })
})
