// Dates and lists in each locale's words (lib/i18n/format.ts) where pages used to print raw ISO
// dates and comma lists: guides' `updated:` dates, roll lengths, the compliance list.
import { describe, expect, it } from 'vitest'
import { productSpec } from '../../lib/facts/format'
import { formatDate, formatList } from '../../lib/i18n/format'

const facts = {
  products: { pork: { diameterMm: { min: 90, max: 220 }, stitches: [16, 18], heatC: 220 } },
  sizing: { rollLengthsM: [50, 100] },
} as unknown as Parameters<typeof productSpec>[0]

describe('formatDate', () => {
  it.each([
    ['en', 'March 1, 2026'],
    ['tr', '1 Mart 2026'],
    ['de', '1. März 2026'],
    ['fr', '1 mars 2026'],
  ])('%s', (locale, expected) => expect(formatDate('2026-03-01', locale)).toBe(expected))
  it('never shifts the day by time zone', () => expect(formatDate('2026-12-31', 'de')).toBe('31. Dezember 2026'))
  it('rejects impossible dates instead of rolling them over', () => {
    expect(() => formatDate('2026-13-45', 'en')).toThrow('not a real date')
    expect(() => formatDate('1 March 2026', 'en')).toThrow('not a YYYY-MM-DD date')
  })
})

describe('formatList', () => {
  it.each([
    ['en', '50 m and 100 m'],
    ['tr', '50 m ve 100 m'],
    ['de', '50 m und 100 m'],
    ['es', '50 m y 100 m'],
  ])('%s', (locale, expected) => expect(formatList(['50 m', '100 m'], locale)).toBe(expected))
  it('uses the serial comma only where the language does', () => {
    expect(formatList(['a', 'b', 'c'], 'en')).toBe('a, b, and c')
    expect(formatList(['a', 'b', 'c'], 'de')).toBe('a, b und c')
  })
  it('isolates each item in right-to-left text', () => expect(formatList(['50 m', '100 m'], 'ar', { rtl: true })).toBe('\u206650 m\u2069 و\u2066100 m\u2069'))
})

describe('productSpec roll lengths', () => {
  it('are a list in the page language', () => {
    expect(productSpec(facts, 'pork').rolls).toBe('50 m and 100 m')
    expect(productSpec(facts, 'pork', 'tr').rolls).toBe('50 m ve 100 m')
  })
})
