// The consent on record (lib/leads/consent-record.ts): the hash is of the text the forms render,
// taken from the content source, per locale and form; the version covers every text.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { CONSENT_LABEL_KEYS, consentRecord, consentText, consentVersion } from '../../lib/leads/consent-record'
import { LOCALE_CODES } from '../../lib/i18n/locale-codes'
import { CONSENT_HASH_RE, CONSENT_VERSION_RE, LEAD_KINDS } from '../../lib/leads/schema'

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')
const forms = (locale: string) => parse(readFileSync(`content/ui/forms/${locale}.yml`, 'utf8')) as Record<string, string>

describe('consent on record', () => {
  it.each(LEAD_KINDS)('the %s form renders exactly the labels that are hashed, in that order', (kind) => {
    const source = readFileSync(`components/forms/${kind}-form.tsx`, 'utf8')
    const rendered = [...source.matchAll(/<Consent name="[a-z_]+" label=\{t\('([^']+)'\)\}/g)].map((m) => m[1])
    expect(rendered).toEqual(CONSENT_LABEL_KEYS[kind])
  })

  it.each(LOCALE_CODES)('%s: the hash is the sha-256 of the labels as the content source words them', (locale) => {
    const texts = forms(locale)
    for (const kind of LEAD_KINDS) {
      const text = CONSENT_LABEL_KEYS[kind].map((k) => texts[k]).join('\n')
      expect(text, `${locale} ${kind}: every label is translated`).not.toMatch(/undefined/)
      expect(consentText(locale, kind)).toBe(text)
      expect(consentRecord(locale, kind)).toEqual({ consent_version: consentVersion(), consent_hash: sha256(text) })
    }
  })

  it('tells the forms and the languages apart, in the formats the server and the database accept', () => {
    const hashes = LOCALE_CODES.flatMap((l) => LEAD_KINDS.map((k) => consentRecord(l, k).consent_hash))
    // Quote and samples show the same two labels; every other pair differs.
    expect(new Set(hashes).size).toBe(LOCALE_CODES.length * 2)
    for (const h of hashes) expect(h).toMatch(CONSENT_HASH_RE)
    expect(consentVersion()).toMatch(CONSENT_VERSION_RE)
  })
})
