// The lead's push to the CRM webhook (public.lead_deliveries, docs/BACKEND.md "Leads pushed out"),
// as one line in the lead detail: pending, delivered (when, after how many tries), failed N times
// with the last error and the next try, given up, or skipped because no URL was configured. Row
// level security lets whoever reads the lead read its delivery; nothing here writes. Every value
// is React text, never HTML.
import { useEffect, useState } from 'react'
import type { SupabaseClient } from '@supabase/supabase-js'
import { formatDate } from './lead-row'

export type DeliveryState = 'pending' | 'sending' | 'delivered' | 'failed' | 'gave_up' | 'skipped'

export interface DeliveryRow {
  id: string
  state: DeliveryState
  attempts: number
  last_status: number | null
  last_error: string | null
  next_attempt_at: string
  delivered_at: string | null
}

export const DELIVERY_COLUMNS = 'id,state,attempts,last_status,last_error,next_attempt_at,delivered_at'

const times = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`

/** The sentence the detail shows, and whether it is a problem. `null`: the lead has no delivery row. */
export function deliveryText(d: DeliveryRow | null): { problem: boolean; text: string } {
  if (!d) return { problem: false, text: 'Webhook: none (this lead came in before leads were pushed out).' }
  const error = d.last_error ? ` (last error: ${d.last_error})` : ''
  switch (d.state) {
    case 'delivered':
      return {
        problem: false,
        text: `Webhook: delivered${d.attempts > 1 ? ` after ${times(d.attempts)}` : ''}${d.delivered_at ? `, ${formatDate(d.delivered_at)}` : ''}.`,
      }
    case 'failed':
      return {
        problem: true,
        text: `Webhook: failed ${d.attempts} ${d.attempts === 1 ? 'time' : 'times'}${error}. Tried again by itself from ${formatDate(d.next_attempt_at)}, with the same idempotency key.`,
      }
    case 'gave_up':
      return { problem: true, text: `Webhook: gave up after ${times(d.attempts)}${error}. It is not tried again: enter this lead in the CRM by hand.` }
    case 'skipped':
      return { problem: false, text: 'Webhook: not sent, no webhook URL was configured when this lead came in.' }
    case 'sending':
      return { problem: false, text: `Webhook: sending (attempt ${d.attempts}).` }
    default:
      return { problem: false, text: 'Webhook: pending.' }
  }
}

export function LeadDeliveries({ leadId, client }: { leadId: string; client: SupabaseClient }) {
  const [row, setRow] = useState<DeliveryRow | null | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    client
      .from('lead_deliveries')
      .select(DELIVERY_COLUMNS)
      .eq('lead_id', leadId)
      .then(({ data, error: e }) => {
        if (!current) return
        if (e) setError(e.message)
        else setRow(((data as DeliveryRow[] | null) ?? [])[0] ?? null)
      })
    return () => {
      current = false
    }
  }, [client, leadId])
  if (error) return <p className="admin-notification admin-notification-failed">Webhook: the delivery state could not be loaded ({error}).</p>
  if (row === undefined) return null
  const { problem, text } = deliveryText(row)
  return (
    <p className={problem ? 'admin-notification admin-notification-failed' : 'admin-notification'} data-delivery={row?.state ?? 'none'}>
      {text}
    </p>
  )
}
