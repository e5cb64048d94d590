import { useI18n } from '../../../lib/i18n/context'

export default function Page() {
  const { t } = useI18n()
  return (
    <section className="section">
      <div className="container prose">
        <h1>{t('quote.heading')}</h1>
      </div>
    </section>
  )
}
