// The technical values on every product page in every locale equal the shared facts
// (content/facts.yml): no language can disagree with another.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { facts, routeTable } from '../../lib/content/data'
import { celsiusToFahrenheit } from '../../lib/facts/format'
import { formatList } from '../../lib/i18n/format'

const products = [...routeTable.routes.values()].filter((r) => r.page === 'product')
const cases = products.flatMap((r) => Object.entries(r.paths).map(([locale, path]) => [r.param!, locale, path] as const))

const strip = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/&#x27;/g, "'")
    .trim()

test.describe('technical values on product pages', () => {
  test('covers every product page of every locale', () => expect(cases.length).toBe(8 * 7 - 2))

  for (const [id, locale, path] of cases)
    test(`${id} (${locale}) shows the facts of content/facts.yml`, () => {
      expect(path, 'page paths end in "/"').toMatch(/\/$/)
      const html = readFileSync(join('dist/client', path, 'index.html'), 'utf8')
      const table = html.match(/<table class="spec-table" data-product="([^"]+)">([\s\S]*?)<\/table>/)
      expect(table?.[1]).toBe(id)
      const values = [...table![2]!.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => strip(m[1]!))
      const f = facts.products[id]!
      // Row order: material, heat resistance, inner diameter, stitch counts, roll lengths.
      expect(values[1]).toContain(`${f.heatC} °C (${celsiusToFahrenheit(f.heatC)} °F)`)
      expect(values[2]).toBe(`${f.diameterMm.min}–${f.diameterMm.max} mm`)
      expect(values[3]).toBe(f.stitches.join(' / '))
      // Roll lengths are a list in the page's language with the custom option: "50 m, 100 m or custom lengths on request".
      expect(
        values[4]!.startsWith(formatList(facts.sizing.rollLengthsM.map((m) => `${m} m`).concat('\u0000'), locale, { type: 'disjunction' }).split('\u0000')[0]!),
      ).toBe(true)
      for (const m of facts.sizing.rollLengthsM) expect(values[4]).toContain(`${m} m`)
    })

  test('the spec table values are those of the spec', () => {
    const expected: Record<string, [string, string]> = {
      pork: ['90–220', '20/24/28'],
      beef: ['100–250', '18/20/24'],
      lamb: ['80–160', '24/28/32'],
      poultry: ['90–200', '24/28/32'],
      turkey: ['160–250', '16/18'],
      'bacon-ham': ['100–200', '20/24/28'],
      pastrami: ['120–220', '20/24'],
      'sausage-salami': ['80–180', '16/18/20'],
    }
    for (const [id, [range, stitches]] of Object.entries(expected)) {
      const f = facts.products[id]!
      expect(`${f.diameterMm.min}–${f.diameterMm.max}`).toBe(range)
      expect(f.stitches.join('/')).toBe(stitches)
      expect(f.heatC).toBe(id === 'sausage-salami' ? 120 : 220)
    }
  })
})
