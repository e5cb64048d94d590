// Where each UI key is used (lib/i18n/key-usage.ts): a page's render records the keys its
// translators were asked for, under its URL; the prerender processes' parts merge into one file;
// the audit's items CSV names the pages.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Papa from 'papaparse'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CookieBanner } from '../../components/layout/cookie-banner'
import { fillUsedOn, itemsCsv } from '../../lib/audit/csv'
import type { Problem } from '../../lib/audit/problem'
import { I18nProvider } from '../../lib/i18n/context'
import { keyUsageRecorder, mergeKeyUsage, pagesUsing, readKeyUsage, usedOnText } from '../../lib/i18n/key-usage'
import { createTranslator, interpolate } from '../../lib/i18n/translate'
import type { LocaleCode } from '../../lib/routing/table'
import { tempDir } from '../setup/temp-dirs'

const en = {
  'cookie.title': 'Cookies',
  'cookie.text': 'We use cookies.',
  'cookie.accept': 'Accept',
  'cookie.decline': 'Decline',
  'cookie.close': 'Close',
  'nav.home': 'Home',
}
const de = { 'cookie.title': 'Cookies', 'cookie.accept': 'Akzeptieren' }
const COOKIE_KEYS = ['cookie.accept', 'cookie.close', 'cookie.decline', 'cookie.text', 'cookie.title']

/** A page as the renderer renders it: a component under the I18nProvider, plus a t() of the renderer's own. */
function renderPage(locale: LocaleCode, primary: Record<string, string>) {
  const t = createTranslator(primary, en, {}, locale)
  const crumb = t('nav.home')
  const children = createElement(CookieBanner)
  const body = renderToString(createElement(I18nProvider, { locale, dir: 'ltr', primary, fallback: en, vars: {}, interpolate, children }))
  return `<p>${crumb}</p>${body}`
}

describe('UI key usage', () => {
  const dir = tempDir('key-usage-')
  const partsDir = join(dir, 'parts')
  const out = join(dir, 'ui-key-usage.json')

  it('rendering a page records the keys it used (the fallback ones too) under its URL and locale, and nothing outside a render', () => {
    const usage = keyUsageRecorder({ partsDir, atExit: false })
    const html = usage.render('/de/', 'de', () => renderPage('de', de))
    expect(html).toContain('Akzeptieren')
    expect(html).toContain('We use cookies.') // from English: still a key the page used
    createTranslator(de, en)('nav.home' as 'nav.home') // a +data hook's t(), outside any render
    // An island page: the keys of its browser dictionary count, shown or not.
    usage.render('/en/', 'en', () => renderToString(createElement('p', null, createTranslator(en, en)('nav.home'))), ['form.error.email'])
    expect(usage.pages).toEqual({
      '/de/': { locale: 'de', keys: ['nav.home', ...COOKIE_KEYS].sort() },
      '/en/': { locale: 'en', keys: ['form.error.email', 'nav.home'] },
    })
    usage.flush()
    mergeKeyUsage(partsDir, out)
  })

  it("merges the processes' parts into one sorted file and removes them; the export's text lists the first URLs and the count", () => {
    const one = keyUsageRecorder({ partsDir, atExit: false })
    for (const url of ['/de/b/', '/de/', '/de/c/']) one.render(url, 'de', () => renderPage('de', de))
    one.flush('1')
    const two = keyUsageRecorder({ partsDir, atExit: false })
    two.render('/de/a/', 'de', () => renderPage('de', de))
    two.render('/', 'en', () => renderPage('en', en))
    two.flush('2')
    const merged = mergeKeyUsage(partsDir, out)
    expect(readKeyUsage(join(partsDir, '1.json'))).toBeUndefined()
    expect(readKeyUsage(out)).toEqual(merged)
    expect(merged.pages).toEqual([
      ['/', 'en'],
      ['/de/', 'de'],
      ['/de/a/', 'de'],
      ['/de/b/', 'de'],
      ['/de/c/', 'de'],
    ])
    expect(pagesUsing(merged, 'cookie.accept', 'de')).toEqual(['/de/', '/de/a/', '/de/b/', '/de/c/'])
    expect(pagesUsing(merged, 'cookie.accept', 'en')).toEqual(['/'])
    expect(usedOnText(merged, 'cookie.accept', 'de')).toBe('used on 4 pages: /de/, /de/a/, /de/b/, …')
    expect(usedOnText(merged, 'cookie.accept', 'en')).toBe('used on 1 page: /')
    expect(usedOnText(merged, 'form.name', 'de')).toMatch(/^used on no page of the build/)
    expect(readFileSync(out, 'utf8')).toBe(`${JSON.stringify(merged)}\n`)
  })

  it('refuses a usage file that is not one, naming it; a missing one is no usage', () => {
    const bad = join(dir, 'bad.json')
    for (const text of ['{"pages": [', '{"keys": {}}']) {
      writeFileSync(bad, text)
      expect(() => readKeyUsage(bad)).toThrow(`${bad}: not a UI key usage file; delete it and build again`)
    }
    expect(readKeyUsage(join(dir, 'none.json'))).toBeUndefined()
  })

  it('the items CSV names the pages of a UI key, not of a page text; postbuild fills the same column in a written CSV', () => {
    const merged = readKeyUsage(join(dir, 'ui-key-usage.json'))!
    const problems: Problem[] = [
      {
        severity: 'error',
        kind: 'missing',
        locale: 'de',
        file: 'content/ui/de.yml',
        line: 3,
        key: 'cookie.accept',
        message: 'not translated',
        english: '=Accept',
      },
      { severity: 'error', kind: 'missing', locale: 'de', file: 'content/pages/home/de.yml', line: 1, key: 'cookie.accept', message: 'not translated' },
    ]
    const parse = (csv: string) => Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data
    const filled = itemsCsv(problems, merged)
    expect(parse(filled).map((row) => row['used on'])).toEqual(['used on 4 pages: /de/, /de/a/, /de/b/, …', ''])
    const before = itemsCsv(problems)
    expect(parse(before).map((row) => row['used on'])).toEqual(['', ''])
    expect(fillUsedOn(before, merged)).toBe(filled) // the formula-escaped source is escaped once, as before
  })
})
