// Who to answer: the same three fields on the quote and samples forms.
import { useI18n } from '../../lib/i18n/context'
import { TextField } from './fields'

export function ContactDetails() {
  const { t } = useI18n()
  return (
    <>
      <TextField name="name" label={t('form.name.label')} autoComplete="name" />
      <TextField name="email" type="email" label={t('form.email.label')} autoComplete="email" inputMode="email" dir="ltr" />
      <TextField name="phone" type="tel" label={t('form.phone.label')} hint={t('form.phone.hint')} optional autoComplete="tel" dir="ltr" />
    </>
  )
}
