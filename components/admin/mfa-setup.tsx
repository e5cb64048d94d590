// Turning on two-factor authentication: enrol a TOTP factor, show its QR code (and the secret,
// for typing in by hand), and confirm it with a first code. From then on this account's sessions
// must reach aal2 before the database returns any lead.
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useAuth } from '../../lib/auth/auth-context'
import { useToast } from '../toast/toaster'
import { TotpCodeField } from './totp-code-field'

type Enrolment = { factorId: string; qr: string; secret: string }

/**
 * An <img> source for the enrolment QR code. GoTrue sends raw SVG and auth-js prefixes
 * "data:image/svg+xml;utf-8,", but the SVG holds "#" (colours), which ends a data URL early;
 * so the SVG is percent-encoded. An SVG in <img> runs no script. (The CSP allows img-src data:.)
 */
export function qrImageSource(qr: string): string {
  const svg = qr.startsWith('data:') ? qr.slice(qr.indexOf(',') + 1) : qr
  return svg.trimStart().startsWith('<') ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : qr
}

export function MfaSetup() {
  const { client, session } = useAuth()
  const toast = useToast()
  const [enabled, setEnabled] = useState<boolean | null>(null)
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const refresh = useCallback(async () => {
    if (!client) return
    const { data } = await client.auth.mfa.listFactors()
    setEnabled(Boolean(data?.totp.length))
  }, [client])

  // biome-ignore lint/correctness/useExhaustiveDependencies: session is a trigger: a new session (sign-in, a refresh to aal2) reads the factors again
  useEffect(() => {
    void refresh()
  }, [refresh, session])

  async function start() {
    if (!client || busy) return
    setBusy(true)
    setError(null)
    try {
      // An abandoned enrolment leaves an unverified factor behind; remove it first.
      const { data: list } = await client.auth.mfa.listFactors()
      for (const f of list?.all ?? []) if (f.status === 'unverified') await client.auth.mfa.unenroll({ factorId: f.id })
      const { data, error: enrolError } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `Authenticator ${new Date().toISOString()}` })
      if (enrolError) setError(`Two-factor authentication could not be set up: ${enrolError.message}`)
      else setEnrolment({ factorId: data.id, qr: data.totp.qr_code, secret: data.totp.secret })
    } finally {
      setBusy(false)
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault()
    if (!client || !enrolment || busy) return
    setBusy(true)
    setError(null)
    const { error: verifyError } = await client.auth.mfa.challengeAndVerify({ factorId: enrolment.factorId, code })
    setBusy(false)
    if (verifyError) {
      setError(`The code was not accepted: ${verifyError.message}. Enter the current code and try again.`)
      return
    }
    setEnrolment(null)
    setCode('')
    await refresh()
    toast({ title: 'Two-factor authentication is on', description: 'From now on, signing in asks for a code from your authenticator app.' })
  }

  async function cancel() {
    if (client && enrolment) await client.auth.mfa.unenroll({ factorId: enrolment.factorId })
    setEnrolment(null)
    setCode('')
    setError(null)
  }

  return (
    <section className="card admin-mfa" aria-labelledby="admin-mfa-setup">
      <h2 id="admin-mfa-setup">Two-factor authentication</h2>
      {enabled === null ? null : enabled ? (
        <p className="admin-mfa-on">On. Signing in to this account asks for a code from your authenticator app.</p>
      ) : enrolment ? (
        <form className="admin-form" onSubmit={confirm}>
          <p>Scan this QR code with an authenticator app, then enter the code it shows.</p>
          <img className="admin-qr" src={qrImageSource(enrolment.qr)} alt="QR code for your authenticator app" width={200} height={200} />
          <p>
            Cannot scan it? Enter this key by hand: <code className="admin-secret">{enrolment.secret}</code>
          </p>
          <TotpCodeField id="admin-enrol-code" value={code} onChange={setCode} error={error} />
          <p className="actions">
            <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
              {busy ? 'Verifying…' : 'Turn on'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={cancel}>
              Cancel
            </button>
          </p>
        </form>
      ) : (
        <>
          <p>Off. Protect this account with a code from an authenticator app in addition to the password.</p>
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <p className="actions">
            <button type="button" className="btn btn-primary" onClick={start} aria-disabled={busy || undefined}>
              Set up two-factor authentication
            </button>
          </p>
        </>
      )}
    </section>
  )
}
