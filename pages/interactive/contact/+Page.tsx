// The contact page: the form hydrates; the heading and intro are prerendered.
import { ContactForm } from '../../../components/forms/contact-form'
import { useI18n } from '../../../lib/i18n/context'

export default function Page() {
  const { t } = useI18n()
  return (
    <section className="section">
      <div className="container prose">
        <h1>{t('contact.heading')}</h1>
        <p className="lead">{t('contact.intro')}</p>
        <ContactForm />
      </div>
    </section>
  )
}
