// The audit and the router share one route-path builder (lib/routing/route-paths.ts), and the
// audit reads content/routes.yml and locales.yml through the content's zod schemas.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { AuditSetupError, loadAudit } from '../../lib/audit/run'
import { localeSchema, routesSchema } from '../../lib/content/schemas'
import { buildRoutePaths } from '../../lib/routing/route-paths'
import { buildRouteTable } from '../../lib/routing/table'
import { fixture, tempDir } from './audit/run-cli'

const yaml = (file: string) => parse(readFileSync(join('content', file), 'utf8')) as unknown

describe('one route-path builder', () => {
  it('the audit sees exactly the paths of the site’s route table, for every route and locale', () => {
    const table = buildRouteTable(routesSchema.parse(yaml('routes.yml')) as never, localeSchema.array().parse(yaml('locales.yml')))
    const audit = loadAudit('content').routes
    expect(audit.routes.size).toBe(table.routes.size)
    for (const [key, route] of table.routes) expect(audit.routes.get(key)?.paths, key).toEqual(route.paths)
    expect(audit.routes.get('home')!.paths).toMatchObject({ en: '/', tr: '/tr/' })
  })

  it('builds the URL form of the site: trailing slash, default-locale slug and item id fallbacks', () => {
    const { routes, errors } = buildRoutePaths(
      {
        pages: { home: {}, quote: { en: 'quote', tr: 'teklif' }, about: { en: 'about', locales: ['en'] } },
        collections: {
          guide: { prefix: { en: 'guide', tr: 'rehber' }, items: { basics: {}, sizes: { tr: 'olculer' } } },
          product: { parent: 'quote', items: { pork: { en: 'pork-netting' } } },
        },
      },
      ['en', 'tr'],
    )
    expect(errors).toEqual([])
    const paths = Object.fromEntries(routes.map((r) => [r.key, Object.fromEntries(Object.entries(r.paths).map(([l, p]) => [l, p.path]))]))
    expect(paths).toEqual({
      home: { en: '/', tr: '/tr/' },
      quote: { en: '/en/quote/', tr: '/tr/teklif/' },
      about: { en: '/en/about/' },
      'guide/basics': { en: '/en/guide/basics/', tr: '/tr/rehber/basics/' },
      'guide/sizes': { en: '/en/guide/sizes/', tr: '/tr/rehber/olculer/' },
      'product/pork': { en: '/en/quote/pork-netting/', tr: '/tr/teklif/pork-netting/' },
    })
    expect(routes.find((r) => r.key === 'guide/sizes')!.paths.tr!.slugAt).toBe('collections.guide.items.sizes.tr')
  })
})

describe('the audit reads routes.yml and locales.yml through the zod schemas', () => {
  const broken = (file: string, edit: (text: string) => string) => {
    const dir = join(tempDir('routes-schema-'), 'content')
    cpSync(fixture('complete'), dir, { recursive: true })
    writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')))
    return () => loadAudit(dir, dir)
  }
  it('a locale code not in the locale list fails, naming file, line and field', () => {
    const load = broken('routes.yml', (t) => t.replace('admin: { en: admin, locales: [en] }', 'admin: { en: admin, locales: [xx] }'))
    expect(load).toThrow(AuditSetupError)
    expect(load).toThrow(/^routes\.yml:4: pages\.admin\.locales\.0: /)
  })
  it('an unknown field fails instead of being ignored', () => {
    expect(broken('routes.yml', (t) => t.replace('quote: { en: quote, tr: teklif }', 'quote: { en: quote, tr: teklif, placeholderin: [tr] }'))).toThrow(
      /routes\.yml:3: pages\.quote: Unrecognized key/,
    )
  })
  it('a broken locales.yml entry fails with its index and field', () => {
    expect(broken('locales.yml', (t) => t.replace(/dir: ltr/, 'dir: sideways'))).toThrow(/^locales\.yml:\d+: 0\.dir: /)
  })
})
