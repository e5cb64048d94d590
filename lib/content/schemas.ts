// Content schemas, one per content kind. velite validates every file against these in strict
// mode, so a broken file fails the build naming the file and the field.
import { createRequire } from 'node:module'
import { DEFAULT_LOCALE, LOCALE_CODES } from '../i18n/locale-codes'

// velite is required, not imported. The audit (lib/audit/routes.ts) runs under tsx, whose ES
// module hook rewrites the dynamic imports of every ES module it loads, node_modules included,
// with a source map each time, uncached: for velite's 1.3 MB bundle that was most of what the
// audit spent starting, on every build (`npm run bench` gives each task's CPU). Required, velite
// goes through tsx's CommonJS hook instead, which compiles it once and keeps that in its cache;
// only the schema builders are used here. Without tsx (velite's own process runs
// velite.config.ts; vitest), Node's require of an ES module gives the module velite imports.
const { s } = createRequire(import.meta.url)('velite') as typeof import('velite')

const z = s

// The locale list comes from content/locales.yml (generated into lib/i18n/locale-codes.ts).
export const localeCodeSchema = z.enum(LOCALE_CODES)

export const localeSchema = z.object({
  code: localeCodeSchema,
  name: z.string().min(1),
  dir: z.enum(['ltr', 'rtl']),
  ogLocale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'ogLocale must look like en_GB'),
  // How running text writes a range in the language ("{min}–{max}", "{min} bis {max}"): the fact
  // placeholders {dispatchDays}, {diameterRange} … render with it (lib/facts/format.ts factVars).
  // Exactly one {min}, then one {max}, with the words between them and nothing around. Left out
  // (test fixtures, a locale being added), it is the compact "{min}–{max}"; content/locales.yml
  // sets it for every locale (lib/facts/format.test.ts checks).
  range: z
    .string()
    .regex(/^\{min\}[^{}]+\{max\}$/, 'range must be "{min}", words or a dash, then "{max}", e.g. "{min} bis {max}"')
    .default('{min}–{max}'),
})

// A URL segment (or several joined by "/"): lowercase ASCII letters, digits and hyphens.
export const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, 'slug must be lowercase a-z, 0-9 and single hyphens')

// The default locale's slug may be left out (collection items default to their id); any other
// locale's may be null, meaning "use the default locale's slug".
const perLocaleSlugs = Object.fromEntries(LOCALE_CODES.map((code) => [code, code === DEFAULT_LOCALE ? slugSchema.optional() : slugSchema.nullish()])) as {
  [L in (typeof LOCALE_CODES)[number]]: L extends typeof DEFAULT_LOCALE ? ReturnType<typeof slugSchema.optional> : ReturnType<typeof slugSchema.nullish>
}

export const routeEntrySchema = z
  .object({
    ...perLocaleSlugs,
    locales: z.array(localeCodeSchema).min(1).optional(),
    placeholderIn: z.array(localeCodeSchema).optional(),
  })
  .strict()

export const collectionSchema = z
  .object({
    parent: z.string().optional(),
    prefix: z.object(perLocaleSlugs).strict().optional(),
    locales: z.array(localeCodeSchema).min(1).optional(),
    placeholderIn: z.array(localeCodeSchema).optional(),
    items: z.record(routeEntrySchema),
  })
  .strict()
  .refine((c) => Boolean(c.parent) !== Boolean(c.prefix), 'a collection needs exactly one of parent or prefix')

export const routesSchema = z
  .object({
    pages: z.record(routeEntrySchema),
    collections: z.record(collectionSchema),
    legacy: z.array(z.object({ from: z.string().regex(/^\/[a-z0-9/-]+$/), to: z.string(), locale: localeCodeSchema }).strict()),
    /** The old app's product links: old slug → product id (lib/build/redirects.ts). */
    legacyProducts: z.record(z.string().regex(/^[a-z0-9-]+$/), z.string()).default({}),
  })
  .strict()

const range = z
  .object({ min: z.number().int().positive(), max: z.number().int().positive() })
  .strict()
  .refine(
    (r) => r.min <= r.max,
    (r) => ({ message: `min (${r.min}) is greater than max (${r.max})` }),
  )

export const factsSchema = z
  .object({
    business: z
      .object({
        name: z.string(),
        brand: z.string().min(2),
        legalName: z.string(),
        email: z.string().email(),
        phone: z.string(),
        whatsapp: z.string().regex(/^\d{8,15}$/, 'whatsapp must be digits only, country code first'),
        city: z.string(),
        country: z.string().length(2),
        siteUrl: z
          .string()
          .url()
          .refine((u) => !u.endsWith('/'), 'siteUrl must not end with /'),
      })
      .strict(),
    compliance: z.array(z.string()).min(1),
    leadTimes: z.object({ dispatchDays: range, marketedWeeks: range, genericWeeks: range, turkeyDeliveryDays: range, productionDays: range }).strict(),
    countriesServed: z.number().int().positive(),
    maxHeatC: z.number().int().positive(),
    shippingModes: z.array(z.enum(['road', 'air', 'sea'])),
    sizing: z
      .object({
        innerDiameterMm: range,
        stretchByProcess: z
          .object({ 'standard-cooking': z.number().gt(1), roasting: z.number().gt(1), smoking: z.number().gt(1), drying: z.number().gt(1) })
          .strict(),
        elasticity: z.array(z.enum(['high', 'medium', 'low'])),
        elasticityByProcess: z
          .object({
            'standard-cooking': z.enum(['high', 'medium', 'low']),
            roasting: z.enum(['high', 'medium', 'low']),
            smoking: z.enum(['high', 'medium', 'low']),
            drying: z.enum(['high', 'medium', 'low']),
          })
          .strict(),
        rollLengthsM: z.array(z.number().int().positive()),
        customRollLength: z.boolean(),
        // the stitch-count rule per process (lib/sizing/recommend.ts, processStitches)
        stitchesByProcess: z
          .object({
            'standard-cooking': z.enum(['by-size', 'lowest']),
            roasting: z.enum(['by-size', 'lowest']),
            smoking: z.enum(['by-size', 'lowest']),
            drying: z.enum(['by-size', 'lowest']),
          })
          .strict(),
      })
      .strict(),
    products: z.record(
      z
        .object({
          diameterMm: range,
          stitches: z.array(z.number().int().positive()).min(1),
          heatC: z.number().int().positive(),
          heatNote: z.enum(['smoking']).optional(),
        })
        .strict(),
    ),
    material: z.literal('polyester-natural-rubber'),
  })
  .strict()
  .superRefine((f, ctx) => {
    // Facts that must agree with each other: a product outside the overall range, or hotter
    // than the stated maximum, would contradict the size selector and the product pages.
    for (const [id, p] of Object.entries(f.products)) {
      const all = f.sizing.innerDiameterMm
      if (p.diameterMm.min < all.min || p.diameterMm.max > all.max)
        ctx.addIssue({
          code: 'custom',
          path: ['products', id, 'diameterMm'],
          message: `${p.diameterMm.min}–${p.diameterMm.max} mm is outside sizing.innerDiameterMm (${all.min}–${all.max} mm)`,
        })
      if (p.heatC > f.maxHeatC) ctx.addIssue({ code: 'custom', path: ['products', id, 'heatC'], message: `${p.heatC} °C is above maxHeatC (${f.maxHeatC} °C)` })
    }
    for (const [process, grade] of Object.entries(f.sizing.elasticityByProcess))
      if (!f.sizing.elasticity.includes(grade))
        ctx.addIssue({
          code: 'custom',
          path: ['sizing', 'elasticityByProcess', process],
          message: `"${grade}" is not one of sizing.elasticity (${f.sizing.elasticity.join(', ')})`,
        })
  })

/** Text a reader sees: blank (empty or only spaces) is a translation left undone. */
const filled = (message: string) => z.string().regex(/\S/, message)

// UI strings: flat dotted keys → text. Values may hold {placeholders}.
export const uiStringsSchema = z.record(
  z.string().regex(/^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/, 'UI keys are dotted, like nav.products'),
  filled('empty text: write the translation or delete the key to fall back to English'),
)

// A link target inside content: a logical page ("quote"), a collection item ("product/pork"),
// optionally with "#anchor"; or an absolute https:// / mailto: URL.
export const linkTargetSchema = z
  .string()
  .regex(/^([a-z-]+(\/[a-z0-9-]+)?(#[a-z0-9-]+)?|#[a-z0-9-]+|https:\/\/\S+|mailto:\S+)$/, 'link must be a logical page like "quote" or "product/pork"')

const text = filled('empty text: write the text (a translation is required here)')
const action = z.object({ label: text, to: linkTargetSchema, variant: z.enum(['primary', 'secondary']).optional() }).strict()
const item = z.object({ title: text, text: text }).strict()
const anchor = z
  .string()
  .regex(/^[a-z0-9-]+$/)
  .optional()

// Page sections. Text fields may use fact placeholders such as {dispatchDays} (see lib/facts).
export const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hero'), id: anchor, eyebrow: text.optional(), heading: text, text: text, actions: z.array(action).default([]) }).strict(),
  z
    .object({
      type: z.literal('features'),
      id: anchor,
      heading: text,
      intro: text.optional(),
      items: z.array(item).min(1),
      actions: z.array(action).default([]),
    })
    .strict(),
  z
    .object({ type: z.literal('steps'), id: anchor, heading: text, intro: text.optional(), items: z.array(item).min(1), actions: z.array(action).default([]) })
    .strict(),
  z
    .object({
      type: z.literal('stats'),
      id: anchor,
      heading: text,
      intro: text.optional(),
      items: z.array(z.object({ value: text, label: text }).strict()).min(1),
    })
    .strict(),
  z.object({ type: z.literal('text'), id: anchor, heading: text.optional(), paragraphs: z.array(text).min(1), actions: z.array(action).default([]) }).strict(),
  z
    .object({ type: z.literal('list'), id: anchor, heading: text, intro: text.optional(), items: z.array(text).min(1), actions: z.array(action).default([]) })
    .strict(),
  z.object({ type: z.literal('compliance'), id: anchor, heading: text, intro: text.optional(), actions: z.array(action).default([]) }).strict(),
  z.object({ type: z.literal('products'), id: anchor, heading: text, intro: text.optional() }).strict(),
  z
    .object({
      type: z.literal('table'),
      id: anchor,
      heading: text,
      intro: text.optional(),
      columns: z.array(text).min(2),
      rows: z.array(z.array(text).min(2)).min(1),
      actions: z.array(action).default([]),
    })
    .strict(),
  z.object({ type: z.literal('faq'), id: anchor, heading: text, items: z.array(z.object({ q: text, a: text }).strict()).min(1) }).strict(),
  z
    .object({
      type: z.literal('downloads'),
      id: anchor,
      heading: text,
      intro: text.optional(),
      items: z.array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), title: text, text: text }).strict()).min(1),
    })
    .strict(),
  z.object({ type: z.literal('cta'), id: anchor, heading: text, text: text, actions: z.array(action).min(1) }).strict(),
])

export const pageContentSchema = z
  .object({
    title: text.max(70, 'title: keep it under 70 characters for search results'),
    description: text.max(170, 'description: keep it under 170 characters for search results'),
    blocks: z.array(blockSchema).min(1),
  })
  .strict()

const product = ['pork', 'beef', 'lamb', 'poultry', 'turkey', 'bacon-ham', 'pastrami', 'sausage-salami'] as const
export const productIdSchema = z.enum(product)

export const productContentSchema = z
  .object({
    title: text.max(70),
    meta_description: text.max(170),
    intro: text,
    use_cases: z.array(text).min(3),
    advantages: z.array(text).min(3),
    faq: z.array(z.object({ q: text, a: text }).strict()).min(3),
    compliance_docs: z.array(text).min(1),
    images: z.object({ alt: z.object({ roll: text, mesh: text, application: text }).strict() }).strict(),
  })
  .strict()

export const countryContentSchema = pageContentSchema.extend({ products: z.array(productIdSchema).min(1) }).strict()

/** A real calendar date written YYYY-MM-DD ("2026-13-45" and "2026-02-30" are rejected). */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be written YYYY-MM-DD')
  .refine(
    (d) => {
      const date = new Date(`${d}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === d
    },
    (d) => ({ message: `${d} is not a date in the calendar (YYYY-MM-DD)` }),
  )

// Which English text a translation was made from is recorded in content/i18n-lock/<locale>.yml
// (npm run audit:lock), not in frontmatter, so translators never edit hashes by hand.
export const articleFrontmatterSchema = z
  .object({
    title: text.max(90),
    description: text.max(170),
    updated: dateSchema,
  })
  .strict()

export const glossaryFrontmatterSchema = z
  .object({
    term: text,
    short: text.max(200),
  })
  .strict()
