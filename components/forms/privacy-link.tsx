// The consent statements point to the privacy policy, which lives on the downloads page (the
// footer's privacy link goes there too). Pages that use it list 'downloads' in their +data links.
import { useI18n } from '../../lib/i18n/context'
import { Link } from '../routing/links'

export function PrivacyLink() {
  const { t } = useI18n()
  return (
    <p className="field-hint consent-link">
      <Link to="downloads">{t('form.privacyLink')}</Link>
    </p>
  )
}
