// What a buyer agreed to, on record with each lead (issue 43, item 4): the consent labels a form
// shows, per kind, and their sha-256 in each locale, computed at build time from the same UI
// strings the form renders (content/ui/forms/<locale>.yml), so the hash changes with the text.
// The form sends it with the lead; the server checks its format only (lib/leads/schema.ts):
// the site and the function deploy separately, and a lead from a page built with newer wording
// than the function knows must never be refused. The hash is proof enough afterwards: the texts
// of any release rehash to it (docs/BACKEND.md, "Consent on record").
//
// Server-only (+data hooks): node:crypto and the content never reach the browser.
import { createHash } from 'node:crypto'
import { translator } from '../content/data'
import { LOCALE_CODES } from '../i18n/locale-codes'
import type { LeadKind } from './schema'

/** The consent labels each form renders, in order (components/forms/*-form.tsx; a test compares). */
export const CONSENT_LABEL_KEYS: Record<LeadKind, readonly string[]> = {
  contact: ['contact.consent-contact.label', 'form.consent-privacy.label'],
  quote: ['form.consent-contact.label', 'form.consent-privacy.label'],
  samples: ['form.consent-contact.label', 'form.consent-privacy.label'],
}

export type ConsentRecord = { consent_version: string; consent_hash: string }

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** The exact consent text one form shows in one locale: its labels, one per line. */
export function consentText(locale: (typeof LOCALE_CODES)[number], kind: LeadKind): string {
  const t = translator(locale)
  return CONSENT_LABEL_KEYS[kind].map((key) => t(key)).join('\n')
}

let version: string | undefined
/**
 * The version of the consent wording: the first 12 hex digits of the sha-256 over every form's
 * text in every locale. Derived, so no one has to remember to bump it; any edit in any locale
 * gives a new version, while each lead's hash names its own locale's text exactly.
 */
export function consentVersion(): string {
  version ??= sha256(
    LOCALE_CODES.flatMap((locale) =>
      (Object.keys(CONSENT_LABEL_KEYS) as LeadKind[]).map((kind) => `${locale}\u0000${kind}\u0000${consentText(locale, kind)}`),
    ).join('\u0000'),
  ).slice(0, 12)
  return version
}

export function consentRecord(locale: (typeof LOCALE_CODES)[number], kind: LeadKind): ConsentRecord {
  return { consent_version: consentVersion(), consent_hash: sha256(consentText(locale, kind)) }
}
