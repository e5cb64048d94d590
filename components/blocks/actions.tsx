import { useI18n } from '../../lib/i18n/context'
import { Link } from '../routing/links'

export type Action = { label: string; to: string; variant?: 'primary' | 'secondary' }

export function Actions({ actions }: { actions: Action[] }) {
  const { fill } = useI18n()
  if (!actions.length) return null
  return (
    <p className="actions">
      {actions.map((a, i) => (
        <Link key={a.to + i} to={a.to} className={`btn btn-${a.variant ?? (i === 0 ? 'primary' : 'secondary')}`}>
          {fill(a.label)}
        </Link>
      ))}
    </p>
  )
}
