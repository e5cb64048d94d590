// Samples: which products to test, the company and the address to ship the kit to, and who to
// answer, and whether sales may also phone (optional). Once stored, the visitor goes to the
// localized thank-you page.
import { useI18n } from '../../lib/i18n/context'
import type { ConsentRecord } from '../../lib/leads/consent-record'
import { useHref } from '../routing/links'
import { ContactDetails } from './contact-details'
import { Checkboxes, Consent, TextField, type Option } from './fields'
import { LeadForm } from './lead-form'
import { PrivacyLink } from './privacy-link'

const INITIAL = { products: [] as string[], company: '', shipping_address: '', name: '', email: '', phone: '', consent_contact: false, consent_privacy: false }

export function SamplesForm({ products, consent }: { products: Option[]; consent?: ConsentRecord }) {
  const { t } = useI18n()
  const href = useHref()
  return (
    <LeadForm kind="samples" consent={consent} initial={INITIAL} submitLabel={t('samples.submit')} onStored={() => window.location.assign(href('thank-you'))}>
      <Checkboxes name="products" label={t('form.products.legend')} hint={t('samples.products.hint')} options={products} />
      <TextField name="company" label={t('form.company.label')} autoComplete="organization" />
      <TextField name="shipping_address" label={t('form.shipping.label')} hint={t('form.shipping.hint')} autoComplete="street-address" rows={4} />
      <h2 className="form-section">{t('form.section.details')}</h2>
      <ContactDetails />
      <Consent name="consent_contact" label={t('form.consent-contact.label')} optional />
      <Consent name="consent_privacy" label={t('form.consent-privacy.label')}>
        <PrivacyLink />
      </Consent>
    </LeadForm>
  )
}
