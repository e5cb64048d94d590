// The term base (content/terms/, read by lib/audit/qa/rules.ts) as TBX-Basic 2019 (ISO 30042:2019,
// the DCA style), which Trados, memoQ, Phrase and OmegaT import: npm run i18n:export writes it
// beside the .xlf. One <conceptEntry> per concept, a <langSec> for English and for each target
// locale; in each, the preferred term (administrativeStatus preferredTerm-admn-sts) and, in the
// target, every forbidden variant (deprecatedTerm-admn-sts). The forms the audit accepts are
// inflections of the one preferred term, not synonyms, so they go in a note, not as admitted
// terms. Do-not-translate names are concepts of their own, the same term in every language.
import type { QaRules } from '../qa/rules'
import { escapeText } from './xliff'

export const TBX_NS = 'urn:iso:std:iso:30042:ed-2'
const STATUS = { preferred: 'preferredTerm-admn-sts', deprecated: 'deprecatedTerm-admn-sts' } as const

const attr = (text: string) => escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#xA;')
/** "Aufziehrohr*" / "*الشبكة" → the word itself: TBX terms are words, the audit's * is a pattern. */
const word = (form: string) => form.replace(/^\*+|\*+$/g, '')
/** xsd:ID: a concept id may start with a digit, an NCName may not. */
const conceptId = (id: string) => `c-${id}`

type Term = { text: string; status: keyof typeof STATUS; notes: string[] }

function termSec(term: Term, pad: string): string[] {
  return [
    `${pad}<termSec>`,
    `${pad}  <term>${escapeText(term.text)}</term>`,
    `${pad}  <termNote type="administrativeStatus">${STATUS[term.status]}</termNote>`,
    ...term.notes.map((n) => `${pad}  <note>${escapeText(n)}</note>`),
    `${pad}</termSec>`,
  ]
}

function langSec(lang: string, terms: Term[], pad: string): string[] {
  return [`${pad}<langSec xml:lang="${attr(lang)}">`, ...terms.flatMap((t) => termSec(t, `${pad}  `)), `${pad}</langSec>`]
}

/** The term base for `targets` (e.g. the one locale of an export); `concepts` counts the entries. */
export function buildTbx(rules: QaRules, source: string, targets: string[]): { xml: string; concepts: number } {
  const body: string[] = []
  const pad = '      '
  let concepts = 0
  for (const concept of rules.concepts) {
    concepts++
    body.push(`${pad}<conceptEntry id="${attr(conceptId(concept.id))}">`)
    if (concept.note) body.push(`${pad}  <note>${escapeText(concept.note)}</note>`)
    body.push(...langSec(source, [{ text: concept.en, status: 'preferred', notes: [] }], `${pad}  `))
    for (const locale of targets) {
      const term = rules.terms.get(locale)?.get(concept.id)
      if (!term) continue
      const forms = (term.forms ?? []).filter((f) => f !== term.term)
      const notes = [
        ...(term.note ? [term.note] : []),
        ...(forms.length ? [`Forms accepted by the audit: ${forms.join(', ')} (* stands for any letters).`] : []),
      ]
      const seen = new Set([term.term])
      const deprecated: Term[] = []
      for (const form of term.forbidden) {
        const text = word(form)
        if (!text || seen.has(text)) continue
        seen.add(text)
        deprecated.push({ text, status: 'deprecated', notes: [form === text ? 'Do not use.' : `Do not use, in any form (${form}).`] })
      }
      body.push(...langSec(locale, [{ text: term.term, status: 'preferred', notes }, ...deprecated], `${pad}  `))
    }
    body.push(`${pad}</conceptEntry>`)
  }
  rules.doNotTranslate.forEach((name, i) => {
    concepts++
    const keep: Term = { text: name, status: 'preferred', notes: [] }
    body.push(`${pad}<conceptEntry id="dnt-${i + 1}">`)
    body.push(`${pad}  <note>Do not translate: a name, written as in English in every language.</note>`)
    for (const lang of [source, ...targets]) body.push(...langSec(lang, [keep], `${pad}  `))
    body.push(`${pad}</conceptEntry>`)
  })
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<tbx type="TBX-Basic" style="dca" xml:lang="${attr(source)}" xmlns="${TBX_NS}">`,
    '  <tbxHeader>',
    '    <fileDesc>',
    `      <sourceDesc><p>${escapeText(`Term base of the site (${rules.files.filter((f) => [source, ...targets].some((l) => f.endsWith(`terms/${l}.yml`))).join(', ') || 'content/terms/'}), written by npm run i18n:export.`)}</p></sourceDesc>`,
    '    </fileDesc>',
    '  </tbxHeader>',
    '  <text>',
    '    <body>',
    ...body,
    '    </body>',
    '  </text>',
    '</tbx>',
    '',
  ].join('\n')
  return { xml, concepts }
}
