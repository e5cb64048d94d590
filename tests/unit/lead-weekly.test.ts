// The inbox charts' figures from lead_weekly()'s rows: weeks, the largest values with the rest
// as "Other", and the share answered.
import { describe, expect, it } from 'vitest'
import { answeredWeeks, lastWeeks, mondayOf, OTHER, type WeeklyRow, weeklySeries } from '../../components/admin/lead-weekly'

const row = (week: string, dimension: WeeklyRow['dimension'], value: string | null, leads: number, answered = 0): WeeklyRow => ({
  week,
  dimension,
  value,
  leads,
  answered,
})

describe('weeks', () => {
  it('start on Monday (UTC), oldest first, ending with the current one', () => {
    expect(mondayOf(new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-23') // a Sunday
    expect(mondayOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23')
    expect(lastWeeks(new Date('2026-11-25T12:00:00Z'), 3)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23'])
  })
})

describe('weeklySeries and answeredWeeks', () => {
  const weeks = ['2026-11-16', '2026-11-23']
  const rows = [
    row('2026-11-16', 'total', null, 11, 4),
    row('2026-11-16', 'source', 'newsletter', 6),
    row('2026-11-16', 'source', 'www.google.com', 4),
    row('2026-11-16', 'source', '(direct)', 1),
    row('2026-11-16', 'product', 'pork', 7),
    row('2026-11-16', 'product', 'beef', 5),
    row('2026-11-23', 'total', null, 2, 2),
    row('2026-11-23', 'source', '(direct)', 2),
  ]

  it('keeps the largest values over the period and counts the rest of each week as Other, so a week adds up to its total', () => {
    const s = weeklySeries(rows, 'source', weeks, 2, (v) => v.toUpperCase())
    expect(s.names).toEqual(['NEWSLETTER', 'WWW.GOOGLE.COM', OTHER])
    const week = (w: string) => Object.fromEntries(s.points.filter((p) => p.week === w).map((p) => [p.name, p.leads]))
    expect(week('2026-11-16')).toEqual({ NEWSLETTER: 6, 'WWW.GOOGLE.COM': 4, Other: 1 })
    expect(week('2026-11-23')).toEqual({ NEWSLETTER: 0, 'WWW.GOOGLE.COM': 0, Other: 2 })
  })

  it('gives products no Other: a lead may name two, so they do not split the total', () => {
    const s = weeklySeries(rows, 'product', weeks, 1, (v) => v)
    expect(s.names).toEqual(['pork'])
    expect(s.points).toEqual([
      { week: '2026-11-16', name: 'pork', leads: 7 },
      { week: '2026-11-23', name: 'pork', leads: 0 },
    ])
  })

  it('gives each week its share answered, none for a week without leads', () => {
    expect(answeredWeeks(rows, [...weeks, '2026-11-30'])).toEqual([
      { week: '2026-11-16', leads: 11, answered: 4, share: 36 },
      { week: '2026-11-23', leads: 2, answered: 2, share: 100 },
      { week: '2026-11-30', leads: 0, answered: 0, share: null },
    ])
  })
})
