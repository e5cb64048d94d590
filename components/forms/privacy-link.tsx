// The consent statements point to the privacy policy: the section with id "privacy" on the
// downloads page (content/pages/downloads/*.yml; the footer's privacy link goes there too).
// Pages that use it list 'downloads' in their +data links.
import { useI18n } from '../../lib/i18n/context'
import { useHref } from '../routing/links'

export const PRIVACY_ANCHOR = 'privacy'

export function PrivacyLink() {
  const { t } = useI18n()
  const href = useHref()
  return (
    <p className="field-hint consent-link">
      <a href={`${href('downloads')}#${PRIVACY_ANCHOR}`}>{t('form.privacyLink')}</a>
    </p>
  )
}
