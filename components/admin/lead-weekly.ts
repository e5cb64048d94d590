// The figures of the inbox's charts, from public.lead_weekly() (one row per week and dimension
// value, counted in the database under RLS): the weeks of the period, the largest few values of a
// dimension with the rest as "Other", and the share of each week's leads already answered.
export type WeeklyDimension = 'total' | 'locale' | 'source' | 'product'
export type WeeklyRow = { week: string; dimension: WeeklyDimension; value: string | null; leads: number; answered: number }
export type WeeklyPoint = { week: string; name: string; leads: number }
export type WeeklySeries = { names: string[]; points: WeeklyPoint[] }
export type AnsweredWeek = { week: string; leads: number; answered: number; share: number | null }

const DAY = 86_400_000
export const OTHER = 'Other'

/** The Monday (UTC) of the week `now` is in, `back` weeks earlier, as YYYY-MM-DD. */
export function mondayOf(now: Date, back = 0): string {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7
  return new Date(day - (sinceMonday + 7 * back) * DAY).toISOString().slice(0, 10)
}

/** The `count` weeks ending with the current one, oldest first. */
export const lastWeeks = (now: Date, count: number): string[] => Array.from({ length: count }, (_, i) => mondayOf(now, count - 1 - i))

/**
 * Leads per week for the `top` values of `dimension` with the most leads over the period, named
 * by `label`. For language and source, whose values split a week's leads, the rest of the week's
 * leads is "Other", so each week's bars add up to its total; a lead may name several products,
 * so products have no "Other".
 */
export function weeklySeries(
  rows: WeeklyRow[],
  dimension: Exclude<WeeklyDimension, 'total'>,
  weeks: string[],
  top: number,
  label: (value: string) => string,
): WeeklySeries {
  const own = rows.filter((r) => r.dimension === dimension && r.value !== null)
  const sums = new Map<string, number>()
  for (const r of own) sums.set(r.value!, (sums.get(r.value!) ?? 0) + r.leads)
  const kept = [...sums]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, top)
    .map(([value]) => value)
  const split = dimension !== 'product'
  const points: WeeklyPoint[] = []
  for (const week of weeks) {
    const total = rows.find((r) => r.dimension === 'total' && r.week === week)?.leads ?? 0
    let named = 0
    for (const value of kept) {
      const leads = own.find((r) => r.week === week && r.value === value)?.leads ?? 0
      named += leads
      points.push({ week, name: label(value), leads })
    }
    if (split && sums.size > kept.length) points.push({ week, name: OTHER, leads: Math.max(0, total - named) })
  }
  const names = [...kept.map(label), ...(split && sums.size > kept.length ? [OTHER] : [])]
  return { names, points }
}

/** Each week's leads and how many of them are answered (status no longer "new"). */
export function answeredWeeks(rows: WeeklyRow[], weeks: string[]): AnsweredWeek[] {
  return weeks.map((week) => {
    const total = rows.find((r) => r.dimension === 'total' && r.week === week)
    const leads = total?.leads ?? 0
    const answered = total?.answered ?? 0
    return { week, leads, answered, share: leads ? Math.round((100 * answered) / leads) : null }
  })
}
