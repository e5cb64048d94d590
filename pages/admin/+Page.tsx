// /en/admin/ (English only; noindex via content/routes.yml). An island: the page is
// HTML with one hydrated root and no client router; +client.tsx hydrates it from the JSON below.
// The prerendered page is a heading and a loading notice; then components/admin/admin-gate.tsx
// shows the sign-in form, and supabase-js, the toasts and the inbox load only when it is sent
// or a saved session exists (budgets.json, adminBeforeSignInJs). Admin texts are
// plain English in the components, not UI keys.
import { useI18n } from '../../lib/i18n/context'
import { usePageData } from '../../components/page-data'
import { AdminGate } from '../../components/admin/admin-gate'
import { ISLAND_DATA_ID, scriptJson } from '../../components/admin/island-data'

export default function Page() {
  const { t } = useI18n()
  const data = usePageData<unknown>()
  return (
    <section className="section admin">
      <div className="container">
        <h1>{t('admin.heading')}</h1>
        <noscript>
          <p>The admin area needs JavaScript.</p>
        </noscript>
        <AdminGate />
      </div>
      {/* Not executed (a data block): what +client.tsx needs to hydrate exactly this tree. */}
      <script type="application/json" id={ISLAND_DATA_ID} dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
    </section>
  )
}
