// A field people never see: off-screen, hidden from assistive technology, out of the tab order,
// with autofill off. Form-filling bots tend to fill every input. Its value goes to the intake
// function, which answers a filled honeypot like a stored lead and stores nothing (bots learn
// nothing from the browser either).
import { useI18n } from '../../lib/i18n/context'

export const HONEYPOT_FIELD = 'website'

export function Honeypot({ idPrefix }: { idPrefix: string }) {
  const { t } = useI18n()
  const id = `${idPrefix}-${HONEYPOT_FIELD}`
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor={id}>{t('form.honeypot')}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}
