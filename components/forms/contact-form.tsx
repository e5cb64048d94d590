// Contact (spec §3): name, email, phone, company and country (these three optional: sales
// answers better knowing who asks and from where), subject, message, and two consents, both
// required: to be contacted, and to have the details stored under the privacy policy.
import { useI18n } from '../../lib/i18n/context'
import type { ConsentRecord } from '../../lib/leads/consent-record'
import { Consent, TextField } from './fields'
import { LeadForm } from './lead-form'
import { PrivacyLink } from './privacy-link'

const INITIAL = { name: '', email: '', phone: '', company: '', country: '', subject: '', message: '', consent_contact: false, consent_privacy: false }

export function ContactForm({ consent }: { consent?: ConsentRecord }) {
  const { t } = useI18n()
  return (
    <LeadForm kind="contact" consent={consent} initial={INITIAL} submitLabel={t('contact.submit')} successText={t('contact.success')}>
      <TextField name="name" label={t('form.name.label')} autoComplete="name" />
      <TextField name="email" type="email" label={t('form.email.label')} autoComplete="email" inputMode="email" dir="ltr" />
      <TextField name="phone" type="tel" label={t('form.phone.label')} hint={t('form.phone.hint')} optional autoComplete="tel" dir="ltr" />
      <TextField name="company" label={t('form.company.label')} optional autoComplete="organization" />
      <TextField name="country" label={t('form.country.label')} optional autoComplete="country-name" />
      <TextField name="subject" label={t('contact.subject.label')} />
      <TextField name="message" label={t('contact.message.label')} rows={6} />
      <Consent name="consent_contact" label={t('contact.consent-contact.label')} />
      <Consent name="consent_privacy" label={t('form.consent-privacy.label')}>
        <PrivacyLink />
      </Consent>
    </LeadForm>
  )
}
