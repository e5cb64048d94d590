// What counts as a translatable unit, where it is, and where it is required.
import { describe, expect, it } from 'vitest'
import { allowedIdentical } from '../../../lib/audit/identical'
import { mdxLeaves } from '../../../lib/audit/mdx-leaves'
import { runAudit } from '../../../lib/audit/run'
import { URL_SAFE_SLUG } from '../../../lib/audit/routes'
import { yamlLeaves } from '../../../lib/audit/yaml-leaves'
import { fixture } from './run-cli'

describe('yamlLeaves', () => {
  const page = [
    'title: Quote',
    'blocks:',
    '  - type: hero',
    '    heading: ""',
    '    actions:',
    '      - label: Get a quote',
    '        to: quote',
    '      - label: Samples',
    '        to: samples#kit',
  ].join('\n')
  const { leaves, lines } = yamlLeaves(page, { linkField: 'to' })

  it('gives every text its line and its field', () => {
    expect(leaves.find((l) => l.key === 'title')).toMatchObject({ value: 'Quote', line: 1, field: 'title' })
    expect(leaves.find((l) => l.key === 'blocks.0.heading')).toMatchObject({ value: '', line: 4, field: 'heading' })
    expect(lines.get('blocks')).toBe(2)
  })

  it('keys list items that link somewhere by their target, not their position', () => {
    expect(leaves.find((l) => l.key === 'blocks.0.actions.[samples#kit].label')).toMatchObject({ value: 'Samples', line: 8, link: 'samples#kit' })
  })

  it('reports a syntax error with its line', () => {
    expect(yamlLeaves('a: 1\na: 2\n').error).toEqual({ line: 2, message: 'Map keys must be unique' })
  })
})

describe('mdxLeaves', () => {
  it('makes each frontmatter field and the body one unit, with file lines', () => {
    const { leaves } = mdxLeaves('---\ntitle: Netting\nupdated: 2026-01-01\n---\n\nFirst paragraph.\n\n## Section\n')
    expect(leaves.map((l) => [l.key, l.line])).toEqual([
      ['title', 2],
      ['updated', 3],
      ['body', 6],
    ])
    expect(leaves.at(-1)!.value).toBe('First paragraph.\n\n## Section')
  })
})

describe('identical to English allow-list', () => {
  const ok = allowedIdentical(['Elastinet', 'EU 1935/2004', 'mm'])
  it.each([['Elastinet'], ['EU 1935/2004'], ['{diameterRange}'], ['90–220 mm'], ['Elastinet, {brand}!']])('accepts %j', (text) => expect(ok(text)).toBe(true))
  it.each([['Home'], ['Elastinet netting'], ['mmm']])('reports %j', (text) => expect(ok(text)).toBe(false))
})

describe('URL-safe slugs', () => {
  it.each([['teklif'], ['shabakat-al-luhum'], ['a1-b2']])('accepts %s', (slug) => expect(URL_SAFE_SLUG.test(slug)).toBe(true))
  it.each([['Teklif'], ['teklif--al'], ['teklif_al'], ['مقارنة'], ['-x'], ['x/y']])('rejects %s', (slug) => expect(URL_SAFE_SLUG.test(slug)).toBe(false))
})

describe('runAudit (the function npm run bench times)', () => {
  const result = runAudit({ contentDir: fixture('complete') })
  it('returns per-locale rows, findings and its own elapsed time', () => {
    expect(result.ok).toBe(true)
    expect(result.locales.map((r) => [r.locale, r.requiredUnits, r.translated, `${r.pagesCovered}/${r.pagesTotal}`])).toEqual([
      ['en', 15, 15, '4/4'], // admin exists in English only
      ['tr', 14, 14, '3/3'],
    ])
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0)
  })
})
