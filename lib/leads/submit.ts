// Sends one validated lead to the leads table (docs/BACKEND.md, "Submitting a form").
// Browser only: the client and supabase-js load on the first call (lib/supabase/client.ts).
import { getSupabase } from '../supabase/client'
import type { Lead } from './schema' // type only: zod stays out of the first-load bundle

export type SubmitOutcome = 'stored' | 'failed'

/** A hung connection must end in the error state (fields kept, retry possible), not a spinner. */
const TIMEOUT_MS = 20_000

/** Postgres unique_violation: the lead's id (its primary key, generated once per form fill) is
 *  already stored, so this is a retry of a submit whose response was lost. */
const DUPLICATE = '23505'

export async function submitLead(lead: Lead): Promise<SubmitOutcome> {
  try {
    const supabase = await getSupabase('anon')
    // No .select(): anon may not read rows back, and asking for them refuses the whole insert.
    // The row is the parsed lead as-is: its fields are the table's columns (docs/BACKEND.md).
    const row: Record<string, unknown> = lead
    const { error } = await supabase.from('leads').insert(row).abortSignal(AbortSignal.timeout(TIMEOUT_MS))
    if (!error || error.code === DUPLICATE) return 'stored'
    console.error(`lib/leads/submit.ts: the ${lead.kind} lead was refused: ${error.code} ${error.message}`)
    return 'failed'
  } catch (error) {
    console.error('lib/leads/submit.ts: the lead could not be sent', error)
    return 'failed'
  }
}
