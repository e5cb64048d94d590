// The contact page: the form hydrates; the heading and intro are prerendered.
import { ContactForm } from '../../../components/forms/contact-form'
import { usePageData } from '../../../components/page-data'
import { useI18n } from '../../../lib/i18n/context'
import type { ContactPageData } from './+data'

export default function Page() {
  const { t } = useI18n()
  const { consent } = usePageData<ContactPageData>()
  return (
    <section className="section">
      <div className="container prose">
        <h1>{t('contact.heading')}</h1>
        <p className="lead">{t('contact.intro')}</p>
        <ContactForm consent={consent} />
      </div>
    </section>
  )
}
