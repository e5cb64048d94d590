// The admin list's query helpers: the search filter PostgREST receives and the deep-link parser.
// (The filters themselves run against the real REST stand-in in tests/unit/lead-inbox.test.ts.)
import { describe, expect, it } from 'vitest'
import { leadIdFromHash, searchFilter, SEARCH_COLUMNS } from '../../components/admin/lead-query'

describe('searchFilter', () => {
  it('is nothing for blank text', () => {
    expect(searchFilter('')).toBeNull()
    expect(searchFilter('   ')).toBeNull()
    expect(searchFilter('***')).toBeNull()
  })

  it('matches the text anywhere in every search column, as one quoted value', () => {
    expect(searchFilter('  Weber  GmbH ')).toBe(SEARCH_COLUMNS.map((c) => `${c}.ilike."*Weber GmbH*"`).join(','))
  })

  it('keeps PostgREST separators literal and escapes quotes, backslashes and LIKE wildcards', () => {
    const f = searchFilter('Smith, Jones (UK) "50%_off" a\\b')!
    expect(f.split(',email.')[0]).toBe('name.ilike."*Smith, Jones (UK) \\"50\\\\%\\\\_off\\" a\\\\\\\\b*"')
  })
})

describe('leadIdFromHash', () => {
  const id = '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f'
  it('reads #lead=<uuid>', () => {
    expect(leadIdFromHash(`#lead=${id}`)).toBe(id)
    expect(leadIdFromHash(`#lead=${id.toUpperCase()}`)).toBe(id)
  })
  it('ignores anything that is not one uuid', () => {
    expect(leadIdFromHash('')).toBeNull()
    expect(leadIdFromHash('#lead=')).toBeNull()
    expect(leadIdFromHash('#lead=1; drop table leads')).toBeNull()
    expect(leadIdFromHash(`#other=${id}`)).toBeNull()
  })
})
