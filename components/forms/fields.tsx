// Accessible form fields: a visible label, an optional hint, and an inline error that is tied to
// the control with aria-describedby and marked with aria-invalid. The lead form moves focus to
// the first control with aria-invalid="true" after a failed submit.
//
// Values are shown as React text only; nothing a visitor types is ever rendered as HTML.
import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react'
import { useI18n } from '../../lib/i18n/context'
import { useField } from './form-context'

type Common = { name: string; label: string; hint?: string; optional?: boolean }

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  const { t } = useI18n()
  return (
    <label htmlFor={htmlFor}>
      {label}
      {optional ? <span className="field-optional"> {t('form.optional')}</span> : null}
    </label>
  )
}

function Hint({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="field-hint">
      {text}
    </p>
  ) : null
}

function ErrorText({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="field-error">
      {text}
    </p>
  ) : null
}

type TextFieldProps = Common & {
  type?: 'text' | 'email' | 'tel'
  autoComplete?: HTMLInputAutoCompleteAttribute
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal'
  /** Email addresses and phone numbers read left to right in Arabic too. */
  dir?: 'ltr'
  rows?: number
}

export function TextField({ name, label, hint, optional, type = 'text', autoComplete, inputMode, dir, rows }: TextFieldProps) {
  const f = useField(name, Boolean(hint))
  const shared = {
    id: f.ids.input,
    name,
    value: typeof f.value === 'string' ? f.value : '',
    required: !optional,
    'aria-invalid': f.invalid,
    'aria-describedby': f.describedBy,
    autoComplete,
    dir,
  }
  return (
    <div className="field">
      <Label htmlFor={f.ids.input} label={label} optional={optional} />
      <Hint id={f.ids.hint} text={hint} />
      {rows ? (
        <textarea {...shared} rows={rows} onChange={(e) => f.set(e.target.value)} />
      ) : (
        <input {...shared} type={type} inputMode={inputMode} onChange={(e) => f.set(e.target.value)} />
      )}
      <ErrorText id={f.ids.error} text={f.error} />
    </div>
  )
}

export type Option = { value: string; label: string }

/** Several choices (products): a fieldset; each box carries the group's hint and error. */
export function Checkboxes({ name, label, hint, options }: Common & { options: Option[] }) {
  const f = useField(name, Boolean(hint))
  const selected = Array.isArray(f.value) ? f.value : []
  const toggle = (value: string, on: boolean) => f.set(on ? [...selected, value] : selected.filter((v) => v !== value))
  return (
    <fieldset className="field">
      <legend>{label}</legend>
      <Hint id={f.ids.hint} text={hint} />
      <div className="choices">
        {options.map((o, i) => (
          <label key={o.value} className="choice">
            <input
              type="checkbox"
              id={i === 0 ? f.ids.input : undefined}
              name={name}
              value={o.value}
              checked={selected.includes(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
              aria-invalid={f.invalid}
              aria-describedby={f.describedBy}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <ErrorText id={f.ids.error} text={f.error} />
    </fieldset>
  )
}

/** One of a few (rolls or metres). */
export function Radios({ name, label, options }: Common & { options: Option[] }) {
  const f = useField(name, false)
  return (
    <fieldset className="field">
      <legend>{label}</legend>
      <div className="choices choices-inline">
        {options.map((o, i) => (
          <label key={o.value} className="choice">
            <input
              type="radio"
              id={i === 0 ? f.ids.input : undefined}
              name={name}
              value={o.value}
              checked={f.value === o.value}
              onChange={() => f.set(o.value)}
              aria-invalid={f.invalid}
              aria-describedby={f.describedBy}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <ErrorText id={f.ids.error} text={f.error} />
    </fieldset>
  )
}

export function Select({ name, label, hint, optional, options, empty }: Common & { options: Option[]; empty: string }) {
  const f = useField(name, Boolean(hint))
  return (
    <div className="field">
      <Label htmlFor={f.ids.input} label={label} optional={optional} />
      <Hint id={f.ids.hint} text={hint} />
      <select
        id={f.ids.input}
        name={name}
        value={typeof f.value === 'string' ? f.value : ''}
        onChange={(e) => f.set(e.target.value)}
        aria-invalid={f.invalid}
        aria-describedby={f.describedBy}
      >
        <option value="">{empty}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={f.ids.error} text={f.error} />
    </div>
  )
}

/** A required consent statement; `children` may add a link (the privacy policy) after it. */
export function Consent({ name, label, optional, children }: { name: string; label: string; optional?: boolean; children?: ReactNode }) {
  const { t } = useI18n()
  const f = useField(name, false)
  return (
    <div className="field field-consent">
      <label className="choice">
        <input
          type="checkbox"
          id={f.ids.input}
          name={name}
          checked={f.value === true}
          required={!optional}
          onChange={(e) => f.set(e.target.checked)}
          aria-invalid={f.invalid}
          aria-describedby={f.describedBy}
        />
        <span>
          {label}
          {optional ? <span className="field-optional"> {t('form.optional')}</span> : null}
        </span>
      </label>
      {children}
      <ErrorText id={f.ids.error} text={f.error} />
    </div>
  )
}
