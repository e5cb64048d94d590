// The inbox view as the admin meets it: the view in the address bar (filters, sort, page),
// the count line's grammar, and the lead detail's names for stored ids.
import { describe, expect, it } from 'vitest'
import { NO_FILTERS } from '../../components/admin/lead-query'
import { detailText, type LeadRow } from '../../components/admin/lead-row'
import type { ValueLabels } from '../../lib/pages/admin'
import { countText, DEFAULT_STATE, stateFromSearch, stateToSearch } from '../../components/admin/list-state'

describe('the view in the query string', () => {
  const view = {
    filters: {
      ...NO_FILTERS,
      status: 'new' as const,
      kind: 'quote',
      locale: 'tr',
      country: 'Côte d’Ivoire',
      product: 'beef',
      from: '2026-01-01',
      to: '2026-01-31',
      search: 'a&b=c #1',
    },
    sort: 'company' as const,
    page: 2,
  }

  it('round-trips every filter, the sort and the page (1-based in the URL)', () => {
    const search = stateToSearch(view)
    expect(search).toContain('page=3')
    expect(stateFromSearch(search)).toEqual(view)
  })

  it('is empty for the default view, and an empty query string is the default view', () => {
    expect(stateToSearch(DEFAULT_STATE)).toBe('')
    expect(stateFromSearch('')).toEqual(DEFAULT_STATE)
  })

  it('drops what it does not know instead of querying with it', () => {
    expect(stateFromSearch('?status=spam&kind=order&locale=xx&product=Beef%20Net&from=2026-13-45&to=yesterday&sort=random&page=-4&lead=1')).toEqual(
      DEFAULT_STATE,
    )
    expect(stateFromSearch('?page=1.5').page).toBe(0)
  })
})

describe('the count line', () => {
  it('agrees in number with the leads it counts', () => {
    expect(countText(1, 0, 1, true)).toBe('Page 1 of 1 — 1 lead matches the filters')
    expect(countText(2, 0, 1, true)).toBe('Page 1 of 1 — 2 leads match the filters')
    expect(countText(100050, 2, 2001, false)).toBe('Page 3 of 2,001 — 100,050 leads')
    expect(countText(1, 0, 1, false)).toBe('Page 1 of 1 — 1 lead')
    expect(countText(0, 0, 1, true)).toBe('No lead matches the filters.')
    expect(countText(0, 0, 1, false)).toBe('No leads yet.')
  })
})

describe('the lead detail', () => {
  const labels: ValueLabels = {
    products: { beef: 'Beef netting', lamb: 'Lamb netting' },
    quantity_unit: { rolls: 'Rolls' },
    process: { roasting: 'Roasting' },
  }
  const row = { products: ['beef', 'lamb', 'retired-line'], quantity_unit: 'rolls', process: 'roasting', country: 'beef' } as unknown as LeadRow

  it('names products, unit and process as the forms do; an id without a name stays as stored', () => {
    expect(detailText(row, 'products', labels)).toBe('Beef netting; Lamb netting; retired-line')
    expect(detailText(row, 'quantity_unit', labels)).toBe('Rolls')
    expect(detailText(row, 'process', labels)).toBe('Roasting')
  })

  it('leaves what the buyer typed as typed', () => {
    expect(detailText(row, 'country', labels)).toBe('beef')
    expect(detailText({ ...row, process: null }, 'process', labels)).toBe('')
  })
})
