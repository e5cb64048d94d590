// Copy rules a native reader would otherwise catch, checked on the BUILT site (dist/client, so
// run `npm run build` first): what buyers read after placeholders, facts and lists are filled in.
// What a review found: "40+ Länder", titles longer than search results show, flag emoji, "(example)" in the
// footer, "50 m, 100 m" without a conjunction, process names differing between the quote form and
// the size selector, pork and ham content on the Arabic site, the stitch counts missing from the
// compare page.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { htmlFiles, isRedirectStub, urlOf } from '../helpers/page-weight'
import { facts, routeTable } from '../../lib/content/data'
import { TITLE_MAX } from '../../lib/seo/head'
import { parse as parseYaml } from 'yaml'

const ROOT = 'dist/client'
type Page = { url: string; lang: string; html: string; text: string; title: string }
let pages: Page[] = []

const decode = (s: string) =>
  s
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
/** Visible text: no scripts, styles or tags; bidi isolates dropped. */
const textOf = (html: string) =>
  decode(html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' '))
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')

beforeAll(() => {
  if (!existsSync(join(ROOT, 'index.html'))) throw new Error(`${ROOT}/index.html is missing: run "npm run build" before this test`)
  pages = htmlFiles(ROOT)
    .map((file) => ({ file, html: readFileSync(file, 'utf8') }))
    .filter(({ html }) => !isRedirectStub(html))
    .map(({ file, html }) => ({
      url: urlOf(ROOT, file),
      lang: html.match(/<html[^>]*\slang="([^"]+)"/)?.[1] ?? '',
      html,
      text: textOf(html),
      title: decode(html.match(/<title>([\s\S]*?)<\/title>/)?.[1] ?? ''),
    }))
})

const inLang = (lang: string) => pages.filter((p) => p.lang === lang)
/** The built page of a logical route in a locale. */
function page(key: string, locale: string): Page {
  const path = routeTable.routes.get(key)?.paths[locale as 'en']
  if (!path) throw new Error(`no route ${key} in ${locale}`)
  const p = pages.find((x) => x.url === path.replace(/\/$/, '') || x.url === path)
  if (!p) throw new Error(`${path} was not built`)
  return p
}
const hits = (list: Page[], re: RegExp) => list.flatMap((p) => [...p.text.matchAll(re)].map((m) => `${p.url}: …${m[0]}…`))

it('reads the whole built site', () => {
  expect(pages.length).toBeGreaterThan(250)
  expect(new Set(pages.map((p) => p.lang))).toEqual(new Set(['en', 'tr', 'de', 'fr', 'es', 'it', 'ar']))
})

describe('titles fit search results', () => {
  it(`every page title is at most ${TITLE_MAX} characters, brand included`, () => {
    const long = pages.filter((p) => [...p.title].length > TITLE_MAX).map((p) => `${p.url} (${[...p.title].length}): ${p.title}`)
    expect(long).toEqual([])
  })
  it('the brand is in the title wherever it fits', () => {
    const brand = facts.business.brand
    const unbranded = pages.filter((p) => !p.title.includes(brand))
    expect(unbranded.filter((p) => [...`${p.title} | ${brand}`].length <= TITLE_MAX).map((p) => p.url)).toEqual([])
    expect(pages.filter((p) => p.title.endsWith(`| ${brand}`)).length).toBeGreaterThan(100)
  })
})

describe('"more than 40 countries" in each language, not "40+"', () => {
  it('no "40+" anywhere', () => {
    expect(hits(pages, /\b\d+\+\s/g)).toEqual([]) // "40+ countries"; arithmetic such as "(200 + 60)" is fine
  })
  it.each([
    ['de', /(?<!über )\b\d+\s+Länder/g, /über 40 Ländern?/],
    ['fr', /(?<!plus de )\b\d+\s+pays/g, /plus de 40 pays/],
    ['es', /(?<!más de )\b\d+\s+países/g, /más de 40 países/],
    ['it', /(?<!oltre )\b\d+\s+paesi/g, /oltre 40 paesi/],
    ['en', /(?<!more than )\b\d+\s+countries/g, /more than 40 countries/],
    ['ar', /(?<!أكثر من )\b\d+\s+دولة/g, /أكثر من 40 دولة/],
  ])('%s', (lang, bare, native) => {
    expect(facts.countriesServed).toBe(40)
    expect(hits(inLang(lang), bare)).toEqual([])
    expect(inLang(lang).filter((p) => native.test(p.text)).length).toBeGreaterThan(5) // footer on every page
  })
  it('tr: "40’tan fazla", with the ablative suffix the number takes', () => {
    const n = facts.countriesServed
    const suffix = turkishAblative(n)
    expect(hits(inLang('tr'), /\b\d+'(?:tan|ten|dan|den) fazla/g).filter((h) => !h.includes(`${n}'${suffix} fazla`))).toEqual([])
    expect(inLang('tr').filter((p) => p.text.includes(`${n}'${suffix} fazla ülke`)).length).toBeGreaterThan(5)
  })
})

// The ablative suffix after a number follows how the number's last word is said: kırk → 40'tan,
// elli → 50'den, yüz → 100'den.
function turkishAblative(n: number): string {
  const units = ['', 'den', 'den', 'ten', 'ten', 'ten', 'dan', 'den', 'den', 'dan']
  const tens = ['', 'dan', 'den', 'dan', 'tan', 'den', 'tan', 'ten', 'den', 'dan']
  if (n % 10) return units[n % 10]!
  if (n % 100) return tens[(n % 100) / 10]!
  return 'den' // yüz, bin
}
it('the Turkish suffix table', () => {
  expect([40, 50, 60, 70, 80, 90, 100, 45, 33].map(turkishAblative)).toEqual(['tan', 'den', 'tan', 'ten', 'den', 'dan', 'den', 'ten', 'ten'])
})

describe('no leftovers', () => {
  it('no flag emoji (regional indicator letters) on any page', () => {
    expect(pages.filter((p) => /[\u{1F1E6}-\u{1F1FF}]/u.test(p.html)).map((p) => p.url)).toEqual([])
  })
  it('no "(example)" in what buyers read', () => {
    expect(hits(pages, /\((?:example|exemple|Beispiel|ejemplo|esempio|örnek|مثال)\)/gi)).toEqual([])
  })
  it('roll lengths are a list with a conjunction, never "50 m, 100 m."', () => {
    // a bare "50 m, 100 m" without "and"/"or"; "50 m, 100 m oder Sonderlängen" is a proper list
    expect(hits(pages, /50 m, 100 m(?!,? (?:and|or|ve|veya|und|oder|et|ou|y|o|e|و|أو) )/g)).toEqual([])
    expect(page('guide/meat-netting', 'en').text).toContain('Standard rolls are 50 m and 100 m')
    expect(page('guide/meat-netting', 'tr').text).toContain('50 m ve 100 m')
  })
  it('fr: elision before the brand ("auprès d’Elastinet")', () => {
    expect(hits(inLang('fr'), /\b(?:de|que|le|la) Elastinet/g)).toEqual([])
    expect(page('wholesale', 'fr').text).toContain('auprès d’Elastinet')
  })
  it('it: "per primi" agrees with the plural subject', () => {
    expect(page('about', 'it').text).toContain('si rivolgono per primi')
  })
})

describe('one name per process, shared by the quote form and the size selector', () => {
  // The names are the content's (content/ui/processes/<locale>.yml, the term base decides them);
  // the test is that both pages show exactly those, in the process order.
  const PROCESS_IDS = ['standard-cooking', 'roasting', 'smoking', 'drying']
  const NAMES: Record<string, string[]> = Object.fromEntries(
    ['en', 'tr', 'de', 'fr', 'es', 'it', 'ar'].map((locale) => {
      const names = parseYaml(readFileSync(`content/ui/processes/${locale}.yml`, 'utf8')) as Record<string, string>
      return [locale, PROCESS_IDS.map((id) => names[`process.${id}.name`]!)]
    }),
  )
  it.each(Object.keys(NAMES))('%s', (locale) => {
    const quoteOptions = [...page('quote', locale).html.matchAll(/<option value="(standard-cooking|roasting|smoking|drying)"[^>]*>([^<]*)<\/option>/g)].map(
      (m) => decode(m[2]!),
    )
    const selectorLabels = [
      ...page('size-selector', locale).html.matchAll(
        /name="process"[^>]*value="(?:standard-cooking|roasting|smoking|drying)"[^>]*\/?>(?:<!-- -->)?<span>([^<]*?)\s*(?:<!-- -->)?\s*<span/g,
      ),
    ].map((m) => decode(m[1]!).trim())
    expect(quoteOptions).toEqual(NAMES[locale])
    expect(selectorLabels).toEqual(NAMES[locale])
  })
  it('the words the issue found are gone', () => {
    expect(hits(inLang('tr'), /Kızartma|Fırında rosto/g)).toEqual([])
    expect(hits(inLang('es'), /Secado y curación/g)).toEqual([])
    expect(hits([page('quote', 'ar'), page('size-selector', 'ar')], /التحميص/g)).toEqual([])
  })
})

describe('Arabic: no pork or ham content, spec values in reading order', () => {
  it('no pork, bacon or ham page is built in Arabic', () => {
    for (const key of ['product/pork', 'product/bacon-ham', 'bacon', 'guide/ham-netting-guide', 'guide/bacon-slicing-lines-netting']) {
      expect(routeTable.routes.get(key)?.paths.ar, key).toBeUndefined()
    }
    expect(hits(inLang('ar'), /خنزير|الهام\b|شباك الهام/g)).toEqual([])
  })
  it('roll lengths in the Arabic spec table: each value isolated, joined by "و" (no Latin comma)', () => {
    const html = page('product/beef', 'ar').html
    const row = html.match(/<tr><th scope="row">أطوال اللفات<\/th><td>([^<]*)<\/td><\/tr>/)?.[1]
    expect(row).toBeDefined()
    expect(row).toMatch(/^\u206650 m\u2069 أو \u2066100 m\u2069 أو /)
    expect(row).not.toContain(',')
    // a value that is one left-to-right run gets dir="ltr" (a bare <bdi> takes the direction of
    // its first strong letter, which reversed "50 m, 100 m, …" before)
    expect(html).toContain('<th scope="row">القطر الداخلي</th><td><bdi dir="ltr">100–250 mm</bdi></td>')
  })
})

it('the compare page names exactly the stitch counts the product lines are knitted in, in every language', () => {
  // the union of the lines' own counts (no line is knitted in 36 or 48, whatever the spec's summary says)
  const union = [...new Set(Object.values(facts.products).flatMap((p) => p.stitches))].sort((x, y) => x - y)
  expect(union.map(String).join(', ')).toBe('16, 18, 20, 24, 28, 32')
  const expected: Record<string, string> = {
    en: '16, 18, 20, 24, 28, and 32 stitches',
    tr: '16, 18, 20, 24, 28 ve 32 ilmek',
    de: '16, 18, 20, 24, 28 und 32 Maschen',
    fr: '16, 18, 20, 24, 28 et 32 mailles',
    es: '16, 18, 20, 24, 28 y 32 puntos',
    it: '16, 18, 20, 24, 28 e 32 maglie',
    ar: 'عدد الغرز: 16 و18 و20 و24 و28 و32',
  }
  for (const [locale, text] of Object.entries(expected)) {
    expect(page('compare', locale).text, locale).toContain(text)
    expect(page('compare', locale).text, locale).not.toMatch(/\b(36|48)\b/)
  }
})

describe('copy the native-speaker review found', () => {
  it('no two pages share a <title>, in any language', () => {
    const byTitle = new Map<string, string[]>()
    for (const p of pages) byTitle.set(p.title, [...(byTitle.get(p.title) ?? []), p.url])
    expect([...byTitle].filter(([, urls]) => urls.length > 1)).toEqual([])
  })
  it('ar: the polite plural, never the singular "you" (اطلب، ابحث، رسالتك)', () => {
    const letter = '[\\p{L}\\p{M}]'
    const singular = new RegExp(
      `(?<!${letter})(?:اطلب|ابحث|اقرأ|افتح|اختر|قارن|حدّد|تعرّف|اطّلع|تحدّث|اسأل|نزّل|جرّب|تحقّق|حاول|تواصل معنا|اتصل بنا|رسالتك|لطلبك|متصفحك|بلدك|بلغتك|لمنتجك)(?!${letter})`,
      'gu',
    )
    expect(hits(inLang('ar'), singular)).toEqual([])
    expect(page('quote', 'ar').text).toContain('اطلبوا عرض سعر')
  })
  it('ar: lead times in words the number agrees with ("أسبوع إلى أسبوعين"), never "1–2 أسبوع"', () => {
    expect(hits(inLang('ar'), /\d+–\d+ أسبوع(?![\p{L}\p{M}])/gu)).toEqual([])
    expect(hits(inLang('ar'), /(?:أسبوعين|أسابيع) (?:أسبوع|أسابيع)/g)).toEqual([])
    expect(page('home', 'ar').text).toContain('أسبوع إلى أسبوعين')
    expect(page('compare', 'ar').text).toContain('أسبوع إلى أسبوعين')
  })
  it.each(['fr', 'it'])('%s: typographic apostrophes (’), no straight ones', (lang) => {
    expect(hits(inLang(lang), /\p{L}'\p{L}/gu)).toEqual([])
  })
  it('it: the search page speaks to "voi"', () => {
    expect(hits([page('search', 'it')], /\b(?:Cerchi|Provi|Controlli|Può|suo browser)\b/g)).toEqual([])
  })
  it('tr: one word for the data sheet, "teknik föy"', () => {
    expect(hits(inLang('tr'), /veri sayfa/gi)).toEqual([])
  })
  it('documents on request: the note agrees with any document (no "for the product you order")', () => {
    expect(page('downloads', 'en').text).toContain('Not published here: we email it on request.')
    expect(hits(pages, /for the product you order/g)).toEqual([])
  })
})
