// No non-English page shows an English UI string: every UI key of every locale is compared with
// English; only brand names, standards and units (content/audit.yml `identical`) may match.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { allowedIdentical } from '../../lib/audit/identical'
import { dictionaries, routeTable } from '../../lib/content/data'

const config = parse(readFileSync('content/audit.yml', 'utf8')) as { identical: Record<string, string[]> }
const english = dictionaries('en').primary
const others = routeTable.locales.filter((l) => l !== 'en')

describe('UI strings', () => {
  it.each(others)('%s translates every UI key of English', (locale) => {
    const own = dictionaries(locale).primary
    // Keys of a page the locale does not have (product.pork.name in Arabic) are not required
    // (TRANSLATING.md, "What is required in your language").
    const pageAbsent = (key: string) => {
      const route = routeTable.routes.get(key.split('.').slice(0, 2).join('/'))
      return route !== undefined && !route.paths[locale]
    }
    const missing = Object.keys(english).filter((key) => !own[key] && !pageAbsent(key))
    expect(missing).toEqual([])
  })

  it.each(others)('%s shows no English UI text (brand names, standards and units aside)', (locale) => {
    const own = dictionaries(locale).primary
    const allowed = allowedIdentical([...(config.identical.all ?? []), ...(config.identical[locale] ?? [])])
    const english_left = Object.entries(own)
      .filter(([key, text]) => text === english[key] && !allowed(text))
      .map(([key, text]) => `${key}: ${text}`)
    expect(english_left).toEqual([])
  })

  it('the allow-list does not let ordinary English words through', () => {
    const allowed = allowedIdentical(config.identical.all ?? [])
    expect(allowed('Elastinet')).toBe(true)
    expect(allowed('EU 1935/2004')).toBe(true)
    expect(allowed('Get Quote')).toBe(false)
    expect(allowed('{productName} netting')).toBe(false)
  })
})
