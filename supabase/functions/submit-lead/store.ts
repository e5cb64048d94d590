// Where the function stores a lead. Both stores call the same SQL functions from
// supabase/migrations/20261123000100_lead_intake.sql (public.intake_lead does the rate limit
// and the insert in one transaction), so the rules live in the database either way.
export type IntakeOutcome = { outcome: 'stored'; id: string } | { outcome: 'duplicate'; id: string } | { outcome: 'rate_limited'; retry_after: number }

export interface LeadStore {
  intake(row: Record<string, unknown>, ipHash: string, limit: number): Promise<IntakeOutcome>
  notificationResult(id: string, status: 'sent' | 'failed', attempts: number, error: string | null): Promise<void>
}

/** Production: PostgREST RPC with the service role key (both given to every Edge Function). */
export function restStore(supabaseUrl: string, serviceRoleKey: string, fetchImpl: typeof fetch = fetch): LeadStore {
  const rpc = async (fn: string, args: Record<string, unknown>): Promise<unknown> => {
    const res = await fetchImpl(`${supabaseUrl.replace(/\/$/, '')}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: {
        apikey: serviceRoleKey,
        Authorization: `Bearer ${serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(args),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`rpc ${fn}: HTTP ${res.status} ${text.slice(0, 300)}`)
    return text ? (JSON.parse(text) as unknown) : null
  }
  return {
    intake: async (row, ipHash, limit) => (await rpc('intake_lead', { p_lead: row, p_ip_hash: ipHash, p_limit: limit })) as IntakeOutcome,
    notificationResult: async (id, status, attempts, error) => {
      await rpc('lead_notification_result', { p_id: id, p_status: status, p_attempts: attempts, p_error: error })
    },
  }
}
