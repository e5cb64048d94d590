// Accept/reject pairs for every content kind's schema, and the message a translator sees.
import { describe, expect, it } from 'vitest'
import * as schemas from '../../lib/content/schemas'

const page = {
  title: 'Meat netting wholesale',
  description: 'Direct from the manufacturer.',
  blocks: [{ type: 'hero', heading: 'H', text: 'T', actions: [{ label: 'Quote', to: 'quote' }] }],
}
const product = {
  title: 'Beef netting',
  meta_description: 'Elastic netting for beef.',
  intro: 'Intro.',
  use_cases: ['a', 'b', 'c'],
  advantages: ['a', 'b', 'c'],
  faq: [
    { q: 'q1', a: 'a1' },
    { q: 'q2', a: 'a2' },
    { q: 'q3', a: 'a3' },
  ],
  compliance_docs: ['EU 1935/2004 declaration'],
  images: { alt: { roll: 'Roll', mesh: 'Mesh', application: 'Applied' } },
}

const cases: [string, { safeParse: (v: unknown) => { success: boolean } }, unknown, unknown][] = [
  [
    'locale',
    schemas.localeSchema,
    { code: 'ar', name: 'العربية', flag: '🇸🇦', dir: 'rtl', ogLocale: 'ar_SA' },
    { code: 'xx', name: 'X', flag: 'x', dir: 'rtl', ogLocale: 'ar_SA' },
  ],
  ['slug', schemas.slugSchema, 'elastik-et-kefeni', 'Elastik Et'],
  ['route entry', schemas.routeEntrySchema, { en: 'about', tr: 'hakkimizda', de: null }, { en: 'about', xx: 'nope' }],
  [
    'routes',
    schemas.routesSchema,
    { pages: { home: {} }, collections: {}, legacy: [{ from: '/about', to: 'about', locale: 'en' }] },
    { pages: { home: {} }, collections: {}, legacy: [{ from: 'about', to: 'about', locale: 'en' }] },
  ],
  ['ui strings', schemas.uiStringsSchema, { 'nav.home': 'Home' }, { 'nav.home': '' }],
  ['page content', schemas.pageContentSchema, page, { ...page, blocks: [{ type: 'hero', heading: 'H' }] }],
  ['product content', schemas.productContentSchema, product, { ...product, use_cases: ['only one'] }],
  ['country content', schemas.countryContentSchema, { ...page, products: ['beef'] }, { ...page, products: ['caviar'] }],
  [
    'guide frontmatter',
    schemas.articleFrontmatterSchema,
    { title: 'T', description: 'D', updated: '2026-11-20' },
    { title: 'T', description: 'D', updated: '20.11.2026' },
  ],
  ['glossary frontmatter', schemas.glossaryFrontmatterSchema, { term: 'Stitch count', short: 'Loops around the net.' }, { term: 'Stitch count' }],
  ['link target', schemas.linkTargetSchema, 'product/pork#faq', 'javascript:alert(1)'],
]

describe('content schemas', () => {
  it.each(cases)('%s: accepts the good example and rejects the bad one', (_name, schema, good, bad) => {
    expect(schema.safeParse(good).success).toBe(true)
    expect(schema.safeParse(bad).success).toBe(false)
  })

  it('facts: rejects a WhatsApp number with symbols, naming the field', () => {
    const result = schemas.factsSchema.safeParse({ business: { whatsapp: '+90 212' } })
    expect(result.success).toBe(false)
    const paths = result.error!.issues.map((i) => i.path.join('.'))
    expect(paths).toContain('business.whatsapp')
  })

  it('an empty UI string tells the translator what to do', () => {
    const result = schemas.uiStringsSchema.safeParse({ 'nav.home': '' })
    expect(result.error!.issues[0]!.message).toMatch(/write the translation or delete the key/)
  })
})
