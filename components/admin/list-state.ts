// The inbox's view in the address bar: filters, sort and page as a query string
// (/en/admin/?status=new&kind=quote&page=2), so a filtered view can be bookmarked, shared,
// reloaded and walked with back and forward. The lead deep link stays in the hash (#lead=<id>),
// so both combine. What the URL says is checked like any input: an unknown value is dropped.
import { LOCALE_CODES } from '../../lib/i18n/locale-codes'
import type { LeadKind } from '../../lib/leads/schema'
import { NO_FILTERS, SORTS, type LeadFilters, type LeadSort } from './lead-query'
import { LEAD_STATUSES } from './lead-row'

// Spelled out, not imported: a value import of lib/leads/schema would bring zod along.
export const KINDS = ['contact', 'quote', 'samples'] as const satisfies readonly LeadKind[]

export type ListState = { filters: LeadFilters; sort: LeadSort; page: number }
export const DEFAULT_STATE: ListState = { filters: NO_FILTERS, sort: 'newest', page: 0 }

// Query parameter of each filter ("q" is what search boxes usually use).
const PARAMS: Record<keyof LeadFilters, string> = {
  status: 'status',
  kind: 'kind',
  locale: 'locale',
  country: 'country',
  product: 'product',
  from: 'from',
  to: 'to',
  search: 'q',
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const PRODUCT = /^[a-z0-9]+(-[a-z0-9]+)*$/
const oneOf = (values: readonly string[]) => (v: string) => values.includes(v)
const VALID: Record<keyof LeadFilters, (v: string) => boolean> = {
  status: oneOf(LEAD_STATUSES),
  kind: oneOf(KINDS),
  locale: oneOf(LOCALE_CODES),
  country: () => true,
  product: (v) => PRODUCT.test(v),
  from: (v) => DAY.test(v) && !Number.isNaN(Date.parse(v)),
  to: (v) => DAY.test(v) && !Number.isNaN(Date.parse(v)),
  search: () => true,
}

/** The query string of a view ('' for the default view), parameters in a fixed order. */
export function stateToSearch({ filters, sort, page }: ListState): string {
  const params = new URLSearchParams()
  for (const key of Object.keys(PARAMS) as (keyof LeadFilters)[]) if (filters[key]) params.set(PARAMS[key], filters[key])
  if (sort !== DEFAULT_STATE.sort) params.set('sort', sort)
  if (page > 0) params.set('page', String(page + 1)) // people count pages from 1
  const search = params.toString()
  return search ? `?${search}` : ''
}

/** The view a query string describes; anything unknown or malformed is left at its default. */
export function stateFromSearch(search: string): ListState {
  const params = new URLSearchParams(search)
  const filters = { ...NO_FILTERS }
  for (const key of Object.keys(PARAMS) as (keyof LeadFilters)[]) {
    const value = params.get(PARAMS[key])
    if (value && VALID[key](value)) (filters as Record<string, string>)[key] = value
  }
  const sort = params.get('sort') ?? ''
  const page = Number(params.get('page'))
  return {
    filters,
    sort: Object.hasOwn(SORTS, sort) ? (sort as LeadSort) : DEFAULT_STATE.sort,
    page: Number.isSafeInteger(page) && page > 1 ? page - 1 : 0,
  }
}

const number = (n: number) => n.toLocaleString('en-GB')

/** "Page 2 of 3 — 120 leads match the filters", "1 lead matches the filters", "3 leads". */
export function countText(total: number, page: number, pages: number, filtered: boolean): string {
  if (!total) return filtered ? 'No lead matches the filters.' : 'No leads yet.'
  const leads = `${number(total)} ${total === 1 ? 'lead' : 'leads'}`
  const match = filtered ? (total === 1 ? ' matches the filters' : ' match the filters') : ''
  return `Page ${number(page + 1)} of ${number(pages)} — ${leads}${match}`
}
