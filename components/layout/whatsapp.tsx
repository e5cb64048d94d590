import { useI18n } from '../../lib/i18n/context'
import { facts } from '../../lib/content/data'

/** The business number lives in content/facts.yml only. External: new tab, no opener. */
export function WhatsAppLink({ className, floating = false }: { className?: string; floating?: boolean }) {
  const { t } = useI18n()
  return (
    <a className={className} href={`https://wa.me/${facts.business.whatsapp}`} target="_blank" rel="noopener noreferrer" aria-label={t('whatsapp.label')}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.9c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2c0 1.3.9 2.5 1 2.7.1.2 1.8 2.8 4.4 3.9 1.6.7 2.3.8 3.1.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z"
        />
      </svg>
      {floating ? null : <span className="whatsapp-text">{t('whatsapp.short')}</span>}
    </a>
  )
}
