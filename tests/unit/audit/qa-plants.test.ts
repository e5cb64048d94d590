// The planted-defect corpus: each case plants one typical translation defect in a copy of a clean
// seven-language fixture (tests/fixtures/audit/qa/content) and expects the audit to name it by
// file, line, key and check id, with its severity; an error fails the audit. The clean fixture
// passes with no finding at all, so every expectation below is caused by its plant alone.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { QA } from '../../../lib/audit/qa/ids'
import { runAudit } from '../../../lib/audit/run'
import { tempDir } from '../../setup/temp-dirs'

const FIXTURE = 'tests/fixtures/audit/qa/content'

type Plant = {
  name: string
  /** File under content/, the text to replace in it, and what replaces it. */
  file: string
  from: string
  to: string
  check: string
  key: string
  severity?: 'error' | 'warning'
  /** The line the finding names, when it is not the line the plant is on (MDX body findings). */
  line?: number
}

const NNBSP = '\u202F'
const PLANTS: Plant[] = [
  // numbers, units and standard codes
  { name: 'tr: a changed number in a standard code', file: 'ui/tr.yml', from: 'EU 1935/2004', to: 'EU 1953/2004', check: QA.numbers, key: 'compliance.text' },
  { name: 'de: a changed temperature', file: 'ui/de.yml', from: 'hält 220 °C', to: 'hält 200 °C', check: QA.numbers, key: 'compliance.text' },
  { name: 'tr: a number changed in an MDX body', file: 'guides/tr/netting-basics.mdx', from: '95 mm file', to: '90 mm file', check: QA.numbers, key: 'body' },
  {
    name: 'de: a do-not-translate standard name translated',
    file: 'ui/de.yml',
    from: 'erfüllt EU 1935/2004',
    to: 'erfüllt die EU-Verordnung 1935/2004',
    check: QA.dnt,
    key: 'compliance.text',
  },
  // surface
  { name: 'fr: a repeated word', file: 'ui/fr.yml', from: 'reste sur le produit', to: 'reste sur le le produit', check: QA.repeated, key: 'cook.text' },
  {
    name: 'tr: a repeated word in an MDX body',
    file: 'guides/tr/netting-basics.mdx',
    from: 'eti pişerken',
    to: 'eti eti pişerken',
    check: QA.repeated,
    key: 'body',
  },
  { name: 'es: a double space', file: 'ui/es.yml', from: 'Cargue el tubo', to: 'Cargue  el tubo', check: QA.doubleSpace, key: 'tube.text' },
  {
    name: 'en: a double space in the English source',
    file: 'ui/en.yml',
    from: 'Load the netting',
    to: 'Load  the netting',
    check: QA.doubleSpace,
    key: 'tube.text',
  },
  {
    name: 'tr: a trailing space',
    file: 'ui/tr.yml',
    from: 'nav.samples: Numune isteyin',
    to: 'nav.samples: "Numune isteyin "',
    check: QA.edgeSpace,
    key: 'nav.samples',
  },
  { name: 'it: a zero-width space', file: 'ui/it.yml', from: 'Caricate il tubo', to: 'Caricate il\u200B tubo', check: QA.invisible, key: 'tube.text' },
  { name: 'es: a control character', file: 'ui/es.yml', from: 'Enviamos desde', to: 'Enviamos\u0007 desde', check: QA.invisible, key: 'countries.text' },
  // punctuation and spacing per language
  { name: 'fr: a breakable space before ?', file: 'ui/fr.yml', from: `besoin${NNBSP}?`, to: 'besoin ?', check: QA.punctSpacing, key: 'faq.question' },
  { name: 'fr: no space before ?', file: 'ui/fr.yml', from: `besoin${NNBSP}?`, to: 'besoin?', check: QA.punctSpacing, key: 'faq.question' },
  { name: 'fr: « » with breakable spaces', file: 'ui/fr.yml', from: `«${NNBSP}urgent${NNBSP}»`, to: '« urgent »', check: QA.punctSpacing, key: 'quote.note' },
  { name: 'ar: a Latin question mark after Arabic', file: 'ui/ar.yml', from: 'أحتاجه؟', to: 'أحتاجه?', check: QA.scriptPunct, key: 'faq.question' },
  { name: 'ar: a Latin comma after Arabic', file: 'ui/ar.yml', from: 'على المنتج أثناء', to: 'على المنتج, أثناء', check: QA.scriptPunct, key: 'cook.text' },
  { name: 'es: a question without ¿', file: 'ui/es.yml', from: '¿Qué medida', to: 'Qué medida', check: QA.inverted, key: 'faq.question' },
  { name: 'de: straight quotation marks', file: 'ui/de.yml', from: '„dringend“', to: '"dringend"', check: QA.quotes, key: 'quote.note' },
  { name: 'it: English quotation marks', file: 'ui/it.yml', from: '«urgente»', to: '“urgente”', check: QA.quotes, key: 'quote.note' },
  { name: 'fr: a straight apostrophe', file: 'ui/fr.yml', from: 'l’usine', to: "l'usine", check: QA.apostrophe, key: 'countries.text' },
  {
    name: 'tr: a typographic apostrophe on a straight-apostrophe site',
    file: 'ui/tr.yml',
    from: "{countries}'tan",
    to: '{countries}’tan',
    check: QA.apostrophe,
    key: 'countries.text',
  },
  {
    name: 'ar: closing punctuation dropped (warning)',
    file: 'ui/ar.yml',
    from: 'أحتاجه؟',
    to: 'أحتاجه',
    check: QA.endPunct,
    key: 'faq.question',
    severity: 'warning',
  },
  // register, length, ranges
  {
    name: 'it: a tu imperative on the voi site',
    file: 'ui/it.yml',
    from: 'nav.samples: Richiedete campioni',
    to: 'nav.samples: Richiedi campioni',
    check: QA.register,
    key: 'nav.samples',
  },
  {
    name: 'ar: a singular imperative',
    file: 'ui/ar.yml',
    from: 'nav.samples: اطلبوا عينات',
    to: 'nav.samples: اطلب عينات',
    check: QA.register,
    key: 'nav.samples',
  },
  {
    name: 'de: du instead of Sie',
    file: 'ui/de.yml',
    from: 'Schreiben Sie „dringend“ in Ihre Nachricht',
    to: 'Schreib „dringend“ in deine Nachricht',
    check: QA.register,
    key: 'quote.note',
  },
  { name: 'es: tú instead of usted', file: 'ui/es.yml', from: 'en su mensaje', to: 'en tu mensaje', check: QA.register, key: 'quote.note' },
  {
    name: 'tr: sen instead of siz',
    file: 'ui/tr.yml',
    from: 'Mesajınıza "acil" yazın.',
    to: 'Mesajına "acil" yaz, sen bilirsin.',
    check: QA.register,
    key: 'quote.note',
  },
  {
    name: 'it: a button over the length its English note sets',
    file: 'ui/it.yml',
    from: 'nav.quote: Richiedete un preventivo',
    to: 'nav.quote: Richiedete subito un preventivo gratuito',
    check: QA.length,
    key: 'nav.quote',
  },
  { name: 'de: a range typed with a dash', file: 'ui/de.yml', from: 'von {min} bis {max} mm', to: 'von {min}–{max} mm', check: QA.range, key: 'sizing.range' },
  { name: 'fr: a range typed with a dash', file: 'ui/fr.yml', from: 'de {min} à {max} mm', to: 'de {min}-{max} mm', check: QA.range, key: 'sizing.range' },
  // term base
  { name: 'de: a forbidden variant of a term', file: 'ui/de.yml', from: 'das Füllrohr', to: 'das Netzrohr', check: QA.termForbidden, key: 'tube.text' },
  { name: 'tr: a forbidden variant, inflected', file: 'ui/tr.yml', from: 'Hangi ölçüye', to: 'Hangi ebada', check: QA.termForbidden, key: 'faq.question' },
  {
    name: 'tr: a forbidden variant with a suffix',
    file: 'ui/tr.yml',
    from: 'file borusunu',
    to: 'doldurma borusunu',
    check: QA.termForbidden,
    key: 'tube.text',
  },
  {
    name: 'ar: the wrong industry term, with a prefix',
    file: 'ui/ar.yml',
    from: 'شبكة الطهي داخل العبوة',
    to: 'شبكة الطهي داخل الشبكة',
    check: QA.termForbidden,
    key: 'cook.text',
  },
  { name: 'es: a forbidden variant', file: 'ui/es.yml', from: '¿Qué medida', to: '¿Qué tamaño', check: QA.termForbidden, key: 'faq.question' },
  {
    name: 'it: a key term left out (warning)',
    file: 'ui/it.yml',
    from: 'il tubo di carico',
    to: 'la macchina',
    check: QA.termMissing,
    key: 'tube.text',
    severity: 'warning',
  },
  // inconsistency both ways
  {
    name: 'fr: one English text translated two ways',
    file: 'ui/fr.yml',
    from: 'quote.heading: Demander un devis',
    to: 'quote.heading: Obtenir un devis',
    check: QA.inconsistent,
    key: 'quote.heading',
  },
  {
    name: 'ar: one English text translated two ways',
    file: 'ui/ar.yml',
    from: 'quote.heading: اطلبوا عرض سعر',
    to: 'quote.heading: احصلوا على عرض سعر',
    check: QA.inconsistent,
    key: 'quote.heading',
  },
  {
    name: 'es: two English texts translated the same way (warning)',
    file: 'ui/es.yml',
    from: 'nav.samples: Solicitar muestras',
    to: 'nav.samples: Solicitar presupuesto',
    check: QA.inconsistentSource,
    key: 'nav.samples',
    severity: 'warning',
  },
  // silences
  {
    name: 'de: a silence without a reason',
    file: 'ui/de.yml',
    from: 'tube.text:',
    to: '# qa-allow qa-register\ntube.text:',
    check: QA.silence,
    key: 'tube.text',
  },
  {
    name: 'de: a silence of a check that does not exist',
    file: 'ui/de.yml',
    from: 'tube.text:',
    to: '# qa-allow qa-spelling: a brand\ntube.text:',
    check: QA.silence,
    key: 'tube.text',
  },
  {
    name: 'fr: a silence that silences nothing (warning)',
    file: 'ui/fr.yml',
    from: 'tube.text:',
    to: '# qa-allow qa-repeated-word: was doubled\ntube.text:',
    check: QA.silence,
    key: 'tube.text',
    severity: 'warning',
  },
  // the checks the audit had before, on the same corpus
  {
    name: 'de: a placeholder dropped',
    file: 'ui/de.yml',
    from: 'in über {countries} Länder',
    to: 'in über 40 Länder',
    check: 'placeholder mismatch',
    key: 'countries.text',
  },
  {
    name: 'es: a text left in English',
    file: 'ui/es.yml',
    from: 'cook.text: La malla para cocción en envase permanece sobre el producto durante la cocción.',
    to: 'cook.text: Cook-in netting stays on the product while it is cooked.',
    check: 'identical to English',
    key: 'cook.text',
  },
]

function plant(p: Plant) {
  const dir = tempDir('qa-plant-')
  cpSync(FIXTURE, dir, { recursive: true })
  const path = join(dir, p.file)
  const text = readFileSync(path, 'utf8')
  expect(text, `${p.file} must contain the text the plant replaces`).toContain(p.from)
  const planted = text.replace(p.from, p.to)
  writeFileSync(path, planted)
  // The line the plant starts on (a silence comment: the line above its key).
  const line = planted.slice(0, planted.indexOf(p.to)).split('\n').length
  return { dir, line }
}

describe('the clean QA fixture', () => {
  it('passes with no finding in any of the seven locales', () => {
    const result = runAudit({ contentDir: FIXTURE, cwd: process.cwd() })
    expect(result.problems.map((p) => `${p.file}:${p.line} ${p.key} [${p.kind}] ${p.message}`)).toEqual([])
    expect(result.ok).toBe(true)
    expect(result.locales.map((r) => r.locale)).toEqual(['en', 'tr', 'de', 'fr', 'es', 'it', 'ar'])
  })
})

describe('every planted defect is named by file, line, key and check', () => {
  it.each(PLANTS)('$name → $check', (p) => {
    const { dir, line } = plant(p)
    const result = runAudit({ contentDir: dir, cwd: dir })
    const severity = p.severity ?? 'error'
    const found = result.problems.map((f) => `${f.file}:${f.line} ${f.key} ${f.kind} ${f.severity}`)
    expect(found).toContain(`${p.file}:${p.line ?? line} ${p.key} ${p.check} ${severity}`)
    expect(result.ok).toBe(severity === 'warning')
  })

  it('covers every check id and every locale', () => {
    expect(new Set(PLANTS.map((p) => p.check))).toEqual(new Set([...Object.values(QA), 'placeholder mismatch', 'identical to English']))
    expect(new Set(PLANTS.map((p) => p.file.match(/(?:\/|^)(en|tr|de|fr|es|it|ar)(?:\.yml|\/)/)![1]))).toEqual(
      new Set(['en', 'tr', 'de', 'fr', 'es', 'it', 'ar']),
    )
  })
})

describe('a silence', () => {
  it('with a reason, directly above the key, silences that check on that key only', () => {
    const dir = tempDir('qa-plant-')
    cpSync(FIXTURE, dir, { recursive: true })
    const path = join(dir, 'ui/fr.yml')
    const text = readFileSync(path, 'utf8')
      .replace('reste sur le produit', 'reste sur le le produit')
      .replace('cook.text:', '# qa-allow qa-repeated-word: quoted from the customer’s label\ncook.text:')
      .replace('Chargez le tube', 'Chargez le le tube')
    writeFileSync(path, text)
    const result = runAudit({ contentDir: dir, cwd: dir })
    expect(result.problems.map((p) => `${p.key} ${p.kind}`)).toEqual(['tube.text qa-repeated-word'])
  })
})

describe('a register pattern', () => {
  it('reads \\b as a boundary of any script: "tes" does not match inside "êtes"', () => {
    const dir = tempDir('qa-plant-')
    cpSync(FIXTURE, dir, { recursive: true })
    const path = join(dir, 'ui/fr.yml')
    writeFileSync(path, readFileSync(path, 'utf8').replace('Écrivez «', 'Si vous êtes pressés, écrivez «'))
    expect(runAudit({ contentDir: dir, cwd: dir }).problems).toEqual([])
    writeFileSync(path, readFileSync(path, 'utf8').replace('Si vous êtes pressés', 'Si tes équipes sont pressées'))
    expect(runAudit({ contentDir: dir, cwd: dir }).problems.map((p) => `${p.key} ${p.kind}`)).toEqual(['quote.note qa-register'])
  })
})
