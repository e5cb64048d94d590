// What the field components read from the lead form around them: value, error, ids.
import { createContext, useContext } from 'react'
import type { FieldErrors } from './validate'

export type FieldValue = string | boolean | string[]
export type Values = Record<string, FieldValue>

export type FormContextValue = {
  values: Values
  errors: FieldErrors
  set: (name: string, value: FieldValue) => void
  /** Prefix for element ids (useId of the form), so two forms on a page never clash. */
  idPrefix: string
}

const FormContext = createContext<FormContextValue | null>(null)
export const FormProvider = FormContext.Provider

export function useField(name: string, hasHint: boolean) {
  const form = useContext(FormContext)
  if (!form) throw new Error(`useField("${name}") must be used inside <LeadForm>`)
  const base = `${form.idPrefix}-${name}`
  const ids = { input: base, hint: `${base}-hint`, error: `${base}-error` }
  const error = form.errors[name]
  // The hint and the error (when there is one) are read after the label.
  const describedBy = [hasHint && ids.hint, error && ids.error].filter(Boolean).join(' ') || undefined
  return {
    value: form.values[name],
    error,
    ids,
    describedBy,
    invalid: error ? (true as const) : undefined,
    set: (value: FieldValue) => form.set(name, value),
  }
}
