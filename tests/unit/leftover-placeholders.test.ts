// The post-render net: an unfilled {name} on a built page fails the build, naming the page and
// the content files of that page's language that contain it (not the other languages).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { leftoverPlaceholders } from '../../lib/build/leftover-placeholders'

const dir = mkdtempSync(join(tmpdir(), 'leftover-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true })
  writeFileSync(join(dir, path), text)
}
const LOCALES = ['en', 'de']

describe('leftoverPlaceholders', () => {
  put('content/ui/en.yml', 'nav.home: Home\n')
  put('content/ui/de.yml', 'nav.home: Start {fooBar}\n')
  put('content/pages/about/en.yml', 'title: About {fooBar}\n') // English has it too, but is not this page's language
  put('dist/index.html', '<html><body><h1>Home</h1><script type="application/json">{"x":"{stretch}"}</script></body></html>')
  put('dist/de/index.html', '<html><body><a>Start {fooBar}</a></body></html>')

  it('names the page and the file of its language that holds the placeholder', () => {
    const problems = leftoverPlaceholders(join(dir, 'dist'), join(dir, 'content'), LOCALES, 'en')
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^\/de\/: "\{fooBar\}" is on the page unfilled; it comes from .*content\/ui\/de\.yml$/)
  })

  it('ignores placeholders inside scripts (data for the browser) and passes clean pages', () => {
    put('dist/de/index.html', '<html><body><a>Start</a></body></html>')
    expect(leftoverPlaceholders(join(dir, 'dist'), join(dir, 'content'), LOCALES, 'en')).toEqual([])
  })
})
