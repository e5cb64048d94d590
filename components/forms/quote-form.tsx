// Quote: what a wholesale buyer needs to price an order (company, country, products, inner
// diameter or size, quantity in rolls or metres, process, message), who to answer, and whether
// sales may also phone (optional: the answer goes by email either way). A link from
// the size selector fills in its recommendation (quote-prefill.ts). Once stored, the visitor
// goes to the localized thank-you page.
import { useI18n } from '../../lib/i18n/context'
import type { ConsentRecord } from '../../lib/leads/consent-record'
import { useHref } from '../routing/links'
import { PROCESSES, QUANTITY_UNITS } from './choices'
import { Checkboxes, Consent, Radios, Select, TextField, type Option } from './fields'
import { LeadForm } from './lead-form'
import { PrivacyLink } from './privacy-link'
import { ContactDetails } from './contact-details'

const INITIAL = {
  company: '',
  country: '',
  products: [] as string[],
  inner_diameter: '',
  quantity: '',
  quantity_unit: 'rolls',
  process: '',
  message: '',
  name: '',
  email: '',
  phone: '',
  consent_contact: false,
  consent_privacy: false,
}

export function QuoteForm({ products, consent }: { products: Option[]; consent?: ConsentRecord }) {
  const { t } = useI18n()
  const href = useHref()
  const ids = products.map((p) => p.value)
  return (
    <LeadForm
      kind="quote"
      consent={consent}
      initial={INITIAL}
      submitLabel={t('quote.submit')}
      // The prefill code loads only when a link brings a query string (size selector, product page).
      prefill={() => (window.location.search ? import('./quote-prefill').then((m) => m.quotePrefill(window.location.search, ids, t)) : undefined)}
      onStored={() => window.location.assign(href('thank-you'))}
    >
      <h2 className="form-section">{t('quote.section.order')}</h2>
      <TextField name="company" label={t('form.company.label')} autoComplete="organization" />
      <TextField name="country" label={t('form.country.label')} autoComplete="country-name" />
      <Checkboxes name="products" label={t('form.products.legend')} hint={t('quote.products.hint')} options={products} />
      <TextField name="inner_diameter" label={t('form.diameter.label')} hint={t('form.diameter.hint')} optional />
      <div className="field-row">
        <TextField name="quantity" label={t('form.quantity.label')} hint={t('form.quantity.hint')} inputMode="numeric" />
        <Radios name="quantity_unit" label={t('form.unit.legend')} options={QUANTITY_UNITS.map((u) => ({ value: u, label: t(`form.unit.${u}`) }))} />
      </div>
      <Select
        name="process"
        label={t('form.process.label')}
        optional
        empty={t('form.process.none')}
        options={PROCESSES.map((p) => ({ value: p, label: t(`process.${p}.name`) }))}
      />
      <TextField name="message" label={t('form.message.label')} hint={t('quote.message.hint')} optional rows={5} />
      <h2 className="form-section">{t('form.section.details')}</h2>
      <ContactDetails />
      <Consent name="consent_contact" label={t('form.consent-contact.label')} optional />
      <Consent name="consent_privacy" label={t('form.consent-privacy.label')}>
        <PrivacyLink />
      </Consent>
    </LeadForm>
  )
}
