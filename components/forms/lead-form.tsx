// The frame of the three lead forms (contact, quote, samples): state, validation, sending.
//
// States (spec §4): idle → sending (the button shows the sending label; a second
// submit does nothing) → success (contact: the spec's text in a role="status" region; quote and
// samples: the caller navigates to the thank-you page) or error (a localized reason in the
// alert: too many requests, captcha, or the generic send error; fields the server refused get
// their message like zod's). Whatever happens, every field is kept and the visitor can send again.
//
// Sending goes through the intake Edge Function (lib/leads/submit.ts). What runs only when the
// form is used (zod, sending, drafts, the captcha widget) loads on first focus (./send.ts), so
// none of it is first-load JavaScript. What the visitor types is also kept in the
// tab's sessionStorage (lib/leads/draft.ts): a failed submission survives a reload; the draft
// is cleared once the lead is stored.
//
// The lead's id is generated once per filled-in form, kept with the draft and reused on every
// retry: if a first request was stored but its response was lost, the server answers the retry
// with "duplicate" and it counts as success, so a lead is never stored twice.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useI18n } from '../../lib/i18n/context'
import { draftKey, saveDraft } from '../../lib/leads/draft-save'
import type { ConsentRecord } from '../../lib/leads/consent-record'
import type { LeadKind } from '../../lib/leads/schema'
import { FormProvider, type FieldValue, type Values } from './form-context'
import { Honeypot, HONEYPOT_FIELD } from './honeypot'
import { useLazyCaptcha } from './lazy-captcha'
import type { Outcome } from './send'
import type { FieldErrors } from './validate'

export type FormStatus = 'idle' | 'sending' | 'success' | 'error'

type Props = {
  kind: LeadKind
  /** The consent text's version and hash, recorded with the lead (the page's +data). */
  consent?: ConsentRecord
  initial: Values
  submitLabel: string
  /** Values to merge in after hydration (the quote form's query string; loads code first). */
  prefill?: () => Promise<Values> | undefined
  /** Called once the lead is stored. */
  onStored?: () => void
  /** Shown in the status region in place of the form after success (contact). */
  successText?: string
  children: ReactNode
}

/**
 * What a buyer typed or ticked before the script arrived (slow mobile networks). React would
 * reset controlled fields to their initial state on hydration and the text would be lost, so the
 * first render starts from the fields as they are in the page (their form data: ticked boxes,
 * the chosen radio button and option, the text).
 */
function typedBeforeHydration(formId: string, initial: Values): Values {
  const form = typeof document === 'undefined' ? null : (document.getElementById(formId) as HTMLFormElement | null)
  if (!form) return initial
  const data = new FormData(form)
  const typed: Values = {}
  for (const [name, value] of Object.entries(initial))
    typed[name] = Array.isArray(value)
      ? (data.getAll(name) as string[])
      : typeof value === 'boolean'
        ? data.has(name)
        : ((data.get(name) as string | null) ?? value)
  return typed
}

type SendModule = typeof import('./send')
let sendModule: SendModule | undefined
const loadSend = () => import('./send').then((m) => (sendModule = m))

/** sessionStorage, or null where it is blocked (reading the property itself may throw). */
function session(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** localStorage (the first touch, kept only with consent), or null where it is blocked. */
function local(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export function LeadForm({ kind, consent, initial, submitLabel, prefill, onStored, successText, children }: Props) {
  const { t, locale } = useI18n()
  const idPrefix = useId()
  const captcha = useLazyCaptcha()
  const formId = `${idPrefix}form`
  const [values, setValues] = useState<Values>(() => typedBeforeHydration(formId, initial))
  const [errors, setErrors] = useState<FieldErrors>({})
  /** The form's state and, while it is 'error', the alert's message key. */
  const [{ status, alert }, setState] = useState<{ status: FormStatus; alert?: string }>({ status: 'idle' })
  // The prerendered button is disabled until React has hydrated: an Enter pressed before the
  // script runs must not send the fields as a GET query string.
  const [hydrated, setHydrated] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const leadId = useRef<string | null>(null)
  const busy = useRef(false)
  const lead = { kind, locale, leadId, initial, consent }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, after hydration: the draft and the link's prefill are applied once and never again (kind and initial are fixed per form; prefill is a new closure on every render).
  useEffect(() => {
    setHydrated(true)
    // The prerendered HTML has no query string or draft. What was typed before hydration wins
    // over the draft, which wins over the link's prefill (./send.ts startValues).
    const storage = session()
    const pre = prefill?.()
    if (pre || storage?.getItem(draftKey(kind)))
      Promise.all([pre, loadSend()]).then(
        ([prefilled, m]) => {
          const draft = m.restoreDraft(storage, lead)
          setValues((typed) => m.startValues(initial, typed, draft, prefilled))
        },
        (error: unknown) => console.error('LeadForm: the draft or the prefill could not be applied', error),
      )
  }, [])

  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest])

  useEffect(() => {
    if (status === 'success' && successText) statusRef.current?.focus()
  }, [status, successText])

  function set(name: string, value: FieldValue) {
    const next = { ...values, [name]: value }
    setValues(next)
    saveDraft(session(), kind, { id: leadId.current ?? undefined, values: next })
    // After a failed submit (./send.ts is loaded then), an error clears or changes as soon as
    // the field is corrected.
    if (errors[name] && sendModule) {
      const message = sendModule.recheck(name, next, lead, t)
      setErrors((all) => ({ ...all, [name]: message ?? '' })) // '': no error
    }
  }

  function prefetch() {
    loadSend()
      .then((m) => m.loadSchema())
      .catch(() => undefined)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy.current) return // a second submit (double click, Enter) while sending does nothing
    busy.current = true
    setState({ status: 'sending' })
    const honeypot = String(new FormData(event.currentTarget).get(HONEYPOT_FIELD) ?? '')
    const outcome: Outcome = await loadSend()
      .then((m) => m.sendLead({ ...lead, values, honeypot, storage: session(), local: local(), captchaToken: captcha.token, t }))
      .catch((error: unknown) => {
        console.error(`LeadForm: the ${kind} form could not be sent`, error)
        return { status: 'error', alert: 'form.sendError' }
      })
    if (outcome.errors) setErrors(outcome.errors)
    if (outcome.focus) setFocusRequest((n) => n + 1)
    setState(outcome)
    if (outcome.status === 'success') onStored?.()
    // Quote and samples stay "sending" while the thank-you page loads.
    busy.current = outcome.status === 'success' && !successText
  }

  const done = status === 'success' && successText
  const sendingLabel = status === 'sending' || (status === 'success' && !successText)

  return (
    <>
      <noscript>
        <p className="card">{t('form.noscript')}</p>
      </noscript>
      {done ? null : (
        <form
          ref={formRef}
          id={formId}
          className="lead-form card"
          noValidate
          onSubmit={submit}
          onFocus={prefetch}
          aria-busy={status === 'sending' || undefined}
        >
          <FormProvider value={{ values, errors, set, idPrefix }}>
            {children}
            <Honeypot idPrefix={idPrefix} />
            {captcha.enabled ? <div ref={captcha.ref} className="captcha" /> : null}
            <div role="alert" className="form-alert">
              {status === 'error' ? <p>{t(alert!)}</p> : null}
            </div>
            <p className="actions">
              <button type="submit" className="btn btn-primary" disabled={!hydrated} aria-disabled={sendingLabel || undefined}>
                {sendingLabel ? t('form.sending') : submitLabel}
              </button>
            </p>
          </FormProvider>
        </form>
      )}
      <div ref={statusRef} role="status" className={done ? 'form-success card' : 'form-success'} tabIndex={-1}>
        {done ? <p>{successText}</p> : null}
      </div>
    </>
  )
}
