// The intake's rate limit counts in fixed 10-minute windows (date_bin in public.intake_lead), so a
// burst that runs across a window boundary may store up to the limit in each window it touches.
// A test that counts accepted requests runs its burst inside `countingWindows` and expects the
// limit times the number of windows it spanned, read from the database's own clock.
import type { PGlite } from '@electric-sql/pglite'

const WINDOW_SQL = `select extract(epoch from date_bin(interval '10 minutes', now(), timestamptz '2000-01-01 00:00:00+00'))::float8 as w`

async function windowStart(db: PGlite): Promise<number> {
  return (await db.query<{ w: number }>(WINDOW_SQL)).rows[0]?.w ?? 0
}

export async function countingWindows<T>(db: PGlite, burst: () => Promise<T>): Promise<{ result: T; windows: number }> {
  const first = await windowStart(db)
  const result = await burst()
  const last = await windowStart(db)
  return { result, windows: Math.round((last - first) / 600) + 1 }
}

/**
 * What a burst of `attempts` may store under a limit of `limit` per window: exactly
 * min(attempts, limit) inside one window; across a boundary, at least that and at most the limit
 * in each window touched (which requests fall on which side depends on the machine's speed).
 */
export function storedRange(attempts: number, limit: number, windows: number): [number, number] {
  const one = Math.min(attempts, limit)
  return [one, Math.min(attempts, limit * windows)]
}
