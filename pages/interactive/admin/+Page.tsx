// /en/admin (English only; noindex via content/routes.yml). The prerendered page is a heading
// and a loading notice. After hydration it loads the admin app (components/admin/admin-app.tsx)
// as a separate chunk: the toasts, the auth context and supabase-js are not first-load JS.
// Admin texts are plain English in the components, not UI keys.
import { useEffect, useState, type ComponentType } from 'react'
import { useI18n } from '../../../lib/i18n/context'

export default function Page() {
  const { t } = useI18n()
  const [App, setApp] = useState<ComponentType | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    import('../../../components/admin/admin-app').then(
      (m) => setApp(() => m.AdminApp),
      (error: unknown) => {
        console.error('pages/interactive/admin: the admin app could not be loaded', error)
        setFailed(true)
      },
    )
  }, [])

  return (
    <section className="section admin">
      <div className="container">
        <h1>{t('admin.heading')}</h1>
        <noscript>
          <p>The admin area needs JavaScript.</p>
        </noscript>
        {App ? <App /> : failed ? <p role="alert">The admin area could not load. Check your connection and reload the page.</p> : <p role="status" className="admin-loading">Loading…</p>}
      </div>
    </section>
  )
}
