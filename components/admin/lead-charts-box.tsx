// "Leads per week" in the inbox: closed at first, and the charts' code (Observable Plot) is fetched
// only when it is opened, so neither the sign-in nor the list waits for it.
import type { SupabaseClient } from '@supabase/supabase-js'
import { lazy, Suspense, useState } from 'react'

const LeadCharts = lazy(() => import('./lead-charts'))

export function LeadChartsBox({ client, refreshKey }: { client: SupabaseClient | null; refreshKey: number }) {
  const [open, setOpen] = useState(false)
  return (
    <details className="admin-summary-box" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Leads per week: by language, source and product, and the share answered</summary>
      {open && client ? (
        <Suspense fallback={<p role="status">Loading the charts…</p>}>
          <LeadCharts client={client} refreshKey={refreshKey} />
        </Suspense>
      ) : null}
    </details>
  )
}
