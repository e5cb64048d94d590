// `npm run dev` marks each text a page shows in English for want of a translation, and counts
// them in a banner; a production render never does (lib/i18n/missing-marks.ts). The renderer
// runs here as Vike calls it, over the real content in .velite/, in dev mode and in production
// mode (Vite's import.meta.env.DEV, stubbed).
import { createElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dictionaries } from '../../lib/content/data'
import { useI18n } from '../../lib/i18n/context'
import { markingFallbacks, missingMarksOn, renderMarks } from '../../lib/i18n/missing-marks'
import { createTranslator } from '../../lib/i18n/translate'
import type { Translate, Vars } from '../../lib/i18n/types'
import { onRenderHtml } from '../../renderer/+onRenderHtml'

const MARKER = /[\uE000-\uE002]|%EE%80%8[012]/
const KEY = 'nav.skipToContent' // in the document shell of every page
const de = dictionaries('de').primary
const english = dictionaries('de').fallback[KEY]!

/** The page's HTML as onRenderHtml returns it (Vike's template with the one string inside). */
function render(Page: () => unknown, locale: 'de' | 'en' = 'de', client?: object): string {
  const result = onRenderHtml({
    urlOriginal: `/${locale}/`,
    urlPathname: `/${locale}/`,
    locale,
    routeKey: 'home',
    Page,
    data: { head: { title: 'Title', description: 'Description' }, ...(client ? { client } : {}) },
  } as never)
  const template = (result.documentHtml as unknown as { _template: { templateVariables: { _escaped: string }[] } })._template
  return template.templateVariables[0]!._escaped
}

/** A page that shows its texts as content and the first in an attribute and encoded in a link. */
function TestPage({ keys }: { keys: string[] }) {
  const { t } = useI18n()
  return createElement(
    'p',
    { 'aria-label': t(keys[0]!) },
    ...keys.map((k) => createElement('span', { key: k }, t(k))),
    createElement('a', { href: `mailto:x@example.com?subject=${encodeURIComponent(t(keys[0]!))}` }, 'mail'),
  )
}
const Page = (keys: string[]) => () => createElement(TestPage, { keys })
const count = (html: string) => Number(/data-missing-translations="(\d+)"/.exec(html)?.[1] ?? 0)
const withoutKey = <T>(run: () => T): T => {
  const text = de[KEY]!
  delete de[KEY]
  try {
    return run()
  } finally {
    de[KEY] = text
  }
}

afterEach(() => vi.unstubAllEnvs())

describe('the dev server (import.meta.env.DEV and DEV_MARK_MISSING=1, as scripts/dev.ts sets it)', () => {
  const dev = () => {
    vi.stubEnv('DEV', true)
    vi.stubEnv('DEV_MARK_MISSING', '1')
  }

  it("marks the English text of a key the locale lacks, in the page's text, with the key", () => {
    dev()
    const before = render(Page(['nav.home']))
    const html = withoutKey(() => render(Page(['nav.home'])))
    expect(before).not.toContain(`data-missing-translation="${KEY}"`)
    expect(html).toContain(`data-missing-translation="${KEY}" title="${KEY}">${english}</mark>`)
    expect(count(html)).toBe(count(before) + 1)
    expect(html).toMatch(/\d+ texts? on this page (is|are) not translated into Deutsch/)
    expect(html).not.toMatch(MARKER)
  })

  it('a key missing in English too shows the key, marked; attributes and links get the text without marks', () => {
    dev()
    const before = render(Page(['nav.home']))
    const html = render(Page(['dev.noSuchKey', 'nav.home']))
    expect(html).toContain('data-missing-translation="dev.noSuchKey" data-missing-in="en" title="dev.noSuchKey">dev.noSuchKey</mark>')
    expect(html).toContain('aria-label="dev.noSuchKey"')
    expect(html).toContain('subject=dev.noSuchKey"')
    expect(html).not.toMatch(MARKER)
    expect(count(html)).toBe(count(before) + 1)
    expect(html).toContain('<code>dev.noSuchKey</code>')
  })

  it("an island's #root and props carry no marks (the browser renders it again), but the banner counts its keys", () => {
    dev()
    const client = { primary: { 'nav.home': de['nav.home']! }, fallback: { 'dev.islandText': 'English island text' }, links: {}, vars: {} }
    const html = render(Page(['dev.islandText']), 'de', client)
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</main>'))
    expect(root).toContain('English island text')
    expect(root).not.toContain('<mark')
    expect(html).not.toMatch(MARKER)
    expect(html).toContain('<code>dev.islandText</code>')
  })

  it('on English pages a missing key is named as missing in the source language', () => {
    dev()
    expect(render(Page(['dev.noSuchKey']), 'en')).toMatch(/texts? on this page (is|are) missing in the source language/)
  })
})

describe('a production render (DEV false) never marks, whatever DEV_MARK_MISSING says', () => {
  it('no mark, no marker character, no banner: the English text as it is', () => {
    vi.stubEnv('DEV', false)
    vi.stubEnv('DEV_MARK_MISSING', '1')
    const html = withoutKey(() => render(Page(['dev.noSuchKey', 'nav.home'])))
    expect(html).toContain(`>${english}</a>`) // the skip link, in English
    expect(html).not.toContain('data-missing-translation')
    expect(html).not.toContain('dev-missing-translations')
    expect(html).not.toMatch(MARKER)
  })

  it('the flag: Vite dev server and DEV_MARK_MISSING=1, nothing else', () => {
    vi.stubEnv('DEV_MARK_MISSING', '1')
    vi.stubEnv('DEV', false)
    expect(missingMarksOn()).toBe(false) // import.meta.env.DEV as the production bundle has it
    vi.stubEnv('DEV', true)
    expect(missingMarksOn()).toBe(true)
    expect(missingMarksOn(true, { DEV_MARK_MISSING: '1' })).toBe(true)
    expect(missingMarksOn(false, { DEV_MARK_MISSING: '1' })).toBe(false) // the production bundle
    expect(missingMarksOn(true, {})).toBe(false) // vitest, a dev server other than scripts/dev.ts
    expect(missingMarksOn(true, { DEV_MARK_MISSING: '0' })).toBe(false)
  })
})

describe('markingFallbacks and renderMarks', () => {
  // Keys of these made-up dictionaries are no UiKey: t() takes them as plain strings.
  const t = createTranslator({ own: 'Eigen', empty: '' }, { own: 'Own', empty: 'Empty', english: 'Only {n} in English' }, {}, 'de')
  const untyped = (tr: Translate) => tr as unknown as (key: string, vars?: Vars) => string

  it('marks a fallback (missing or empty in the locale) and leaves own texts alone', () => {
    const marked = untyped(markingFallbacks(t, { own: 'Eigen', empty: '' }, true))
    expect(marked('own')).toBe('Eigen')
    const { html, keys } = renderMarks(`<p>${marked('english', { n: 3 })} ${marked('empty')}</p>`)
    expect(html).toBe(
      '<p><mark class="dev-missing-translation" data-missing-translation="english" title="english">Only 3 in English</mark> <mark class="dev-missing-translation" data-missing-translation="empty" title="empty">Empty</mark></p>',
    )
    expect(keys).toEqual(['english', 'empty'])
    expect(untyped(markingFallbacks(t, {}, false))('english', { n: 3 })).toBe('Only 3 in English')
  })

  it('strips marks in <title>, <script> JSON and attributes holding ">"; counts each key once', () => {
    const m = untyped(markingFallbacks(t, {}, true))('english', { n: 1 })
    const { html, keys } = renderMarks(`<title>${m}</title><a data-x="a>b" title="${m}">${m}</a><script type="application/ld+json">{"name":"${m}"}</script>`)
    expect(html).toBe(
      '<title>Only 1 in English</title><a data-x="a>b" title="Only 1 in English"><mark class="dev-missing-translation" data-missing-translation="english" title="english">Only 1 in English</mark></a><script type="application/ld+json">{"name":"Only 1 in English"}</script>',
    )
    expect(keys).toEqual(['english'])
  })
})
