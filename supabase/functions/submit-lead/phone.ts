// A lead's phone in E.164 ('+4940123456'), or null when it does not parse as a valid number. The
// contacts (supabase/migrations/20261129000200_lead_contacts.sql) show it; it merges nothing.
// libphonenumber-js parses; the buyer's country (free text, typed in any of the site's
// languages) gives the region a number without a +country code is read in.
import { getCountries, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'

const LANGUAGES = ['en', 'tr', 'de', 'fr', 'es', 'it', 'ar'] as const

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

let regions: Map<string, CountryCode> | undefined
/** Country names as Intl (CLDR) spells them in the site's languages, and the ISO codes, → region. */
function regionNames(): Map<string, CountryCode> {
  if (regions) return regions
  regions = new Map()
  const names = LANGUAGES.map((l) => new Intl.DisplayNames([l], { type: 'region' }))
  for (const code of getCountries()) {
    regions.set(code.toLowerCase(), code)
    for (const n of names) {
      const name = n.of(code)
      if (name) regions.set(fold(name), code)
    }
  }
  return regions
}

/** The region a country as typed names ('Deutschland', 'España', 'TR'), or undefined. */
export function regionOf(country: string | null | undefined): CountryCode | undefined {
  return country ? regionNames().get(fold(country)) : undefined
}

export function phoneE164(phone: string | null | undefined, country?: string | null): string | null {
  if (!phone) return null
  const parsed = parsePhoneNumberFromString(phone, regionOf(country))
  return parsed?.isValid() ? parsed.number : null
}
