// When the admin calls a lead's notification stuck (components/admin/lead-row.ts): still pending
// well after it arrived, or after the retry job last claimed it.
import { describe, expect, it } from 'vitest'
import { isStuck, STUCK_AFTER_MS } from '../../components/admin/lead-row'

const now = Date.parse('2026-11-26T12:00:00Z')
const ago = (ms: number) => new Date(now - ms).toISOString()

describe('isStuck', () => {
  it('a lead pending past the deadline since it arrived is stuck; a fresh one is not', () => {
    expect(isStuck({ notification_status: 'pending', created_at: ago(STUCK_AFTER_MS + 1000), notification_claimed_at: null }, now)).toBe(true)
    expect(isStuck({ notification_status: 'pending', created_at: ago(60_000), notification_claimed_at: null }, now)).toBe(false)
  })

  it('counts from the last claim, so a lead the retry job just took is not stuck', () => {
    expect(isStuck({ notification_status: 'pending', created_at: ago(3_600_000), notification_claimed_at: ago(60_000) }, now)).toBe(false)
  })

  it('sent and failed leads are never stuck (failed has its own state)', () => {
    for (const status of ['sent', 'failed'] as const) {
      expect(isStuck({ notification_status: status, created_at: ago(3_600_000), notification_claimed_at: null }, now)).toBe(false)
    }
  })
})
