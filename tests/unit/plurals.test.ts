// Plural and select forms in the string format (lib/i18n/message.ts) and their audit checks.
import { cpSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { messageFindings } from '../../lib/audit/plurals'
import { runAudit } from '../../lib/audit/run'
import { MessageSyntaxError, parseMessage, pluralCategories } from '../../lib/i18n/message'
import { createTranslator, interpolate, placeholdersOf } from '../../lib/i18n/translate'
import { fillPlaceholders } from '../../lib/i18n/fill'
import { hasForms, textsHaveForms } from '../../lib/i18n/plural-forms'
import { serializeIslandProps } from '../../renderer/island-props'
import { fixture, tempDir } from './audit/run-cli'

const ROLLS_EN = '{count, plural, =0 {no rolls} one {# roll} other {# rolls}}'
const ROLLS_AR = '{count, plural, zero {لا لفائف} one {لفافة واحدة} two {لفافتان} few {# لفائف} many {# لفافة} other {# لفافة}}'

describe('plural forms', () => {
  it('picks the English form by Intl.PluralRules, exact =N first', () => {
    expect([0, 1, 2, 1000].map((count) => interpolate(ROLLS_EN, { count }, 'en'))).toEqual(['no rolls', '1 roll', '2 rolls', '1,000 rolls'])
  })
  it('picks all six Arabic forms', () => {
    expect([0, 1, 2, 3, 11, 100].map((count) => interpolate(ROLLS_AR, { count }, 'ar').replace(/[٠-٩0-9,٬]+/g, 'N'))).toEqual([
      'لا لفائف',
      'لفافة واحدة',
      'لفافتان',
      'N لفائف',
      'N لفافة',
      'N لفافة',
    ])
  })
  it('formats # for the locale (German thousands separator)', () => {
    expect(interpolate('{count, plural, one {# Rolle} other {# Rollen}}', { count: 1500 }, 'de')).toBe('1.500 Rollen')
  })
  it('knows each language’s categories', () => {
    expect(pluralCategories('en')).toEqual(['one', 'other'])
    expect(pluralCategories('ar')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other'])
  })
  it('t() uses the locale of the text it found (English fallback uses English rules)', () => {
    const t = createTranslator({ 'a.b': ROLLS_AR }, { 'a.b': ROLLS_EN, 'c.d': ROLLS_EN }, {}, 'ar', 'en')
    const key = (k: string) => k
    expect(t(key('a.b'), { count: 2 })).toBe('لفافتان')
    expect(t(key('c.d'), { count: 2 })).toBe('2 rolls')
  })
})

describe('select forms and nesting', () => {
  const text = '{unit, select, rolls {{count, plural, one {# roll} other {# rolls}}} metres {# m} other {{count} units}} for {name}'
  it('selects by value, falls back to other, nests plurals', () => {
    expect(interpolate(text, { unit: 'rolls', count: 3, name: 'A' })).toBe('3 rolls for A')
    expect(interpolate(text, { unit: 'kg', count: 3, name: 'A' })).toBe('3 units for A')
  })
  it('lists every argument, nested ones included', () => expect(placeholdersOf(text)).toEqual(['count', 'name', 'unit']))
  it('leaves a missing argument visible', () => expect(interpolate(ROLLS_EN, {})).toBe('{count}'))
  it('keeps braces that are no placeholder as text', () => expect(interpolate('a { b } {x y}', {})).toBe('a { b } {x y}'))
})

describe('syntax errors', () => {
  it.each([
    ['{count, plural, one {# roll}}', /"other" form is required/],
    ['{count, plural, one {# roll} other {# rolls}', /expected a category/],
    ['{count, plural, one # roll other {# rolls}}', /expected "\{" after "one"/],
    ['{count, plural, one {a} one {b} other {c}}', /"one" appears twice/],
  ])('%s', (text, message) => expect(() => parseMessage(text)).toThrow(message))
  it('are errors of the MessageSyntaxError kind', () => expect(() => parseMessage('{n, select, x {y}}')).toThrow(MessageSyntaxError))
})

describe('audit of plural and select forms', () => {
  it('Arabic needs zero, one, two, few, many and other', () => {
    const [finding] = messageFindings('{count, plural, one {لفافة} other {# لفائف}}', 'ar')
    expect(finding).toMatchObject({ severity: 'error', kind: 'plural forms' })
    expect(finding!.message).toContain('add zero, two, few, many')
    expect(messageFindings(ROLLS_AR, 'ar')).toEqual([])
  })
  it('a form the language does not have is a warning', () => {
    expect(messageFindings('{count, plural, one {# rulo} few {# rulo} other {# rulo}}', 'tr')).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('few is not a plural form of tr') }),
    ])
  })
  it('select values must stay those of English', () => {
    const english = new Map([['unit', ['rolls', 'metres', 'other']]])
    expect(messageFindings('{unit, select, rulo {rulo} other {birim}}', 'tr', english)[0]!.message).toContain(
      'keep the values of English (rolls, metres, other)',
    )
  })

  it('runAudit names the file, line and key of a translation with a missing plural form or broken syntax', () => {
    const dir = join(tempDir(), 'content')
    cpSync(fixture('complete'), dir, { recursive: true })
    writeFileSync(
      join(dir, 'ui/en.yml'),
      `site.name: Elastinet\nnav.home: Home\nnav.quote: Request a Quote\nproduct.order.title: Order {productName}\nadmin.heading: Leads\nquote.heading: Request a quote\nquote.rolls: "${ROLLS_EN}"\nquote.bad: "{count, plural, one {# roll}}"\n`,
    )
    writeFileSync(
      join(dir, 'ui/tr.yml'),
      `site.name: Elastinet\nnav.home: Ana Sayfa\nnav.quote: Teklif İsteyin\nproduct.order.title: "{productName} sipariş edin"\nquote.heading: Teklif isteyin\nquote.rolls: "{count, plural, other {# rulo}}"\nquote.bad: "{count, plural, other {# rulo}}"\n`,
    )
    const result = runAudit({ contentDir: dir, cwd: dir })
    const found = result.problems
      .filter((p) => p.kind === 'plural forms' || p.kind === 'message syntax')
      .map((p) => [p.severity, p.kind, `${p.file}:${p.line}`, p.key])
    expect(found).toEqual([
      ['error', 'message syntax', 'ui/en.yml:8', 'quote.bad'],
      ['error', 'plural forms', 'ui/tr.yml:6', 'quote.rolls'],
      ['error', 'plural forms', 'ui/tr.yml:7', 'quote.bad'], // Turkish needs one and other too
    ])
    expect(result.ok).toBe(false)
  })
})

// The islands fill texts with lib/i18n/fill.ts and load the parser only for plural/select forms.
describe('the islands’ placeholder filler (lib/i18n/fill.ts)', () => {
  const plain = [
    'Order {productName}',
    'Hi {name} {other}',
    'a { b } {x y}',
    '{ name}',
    '{name }',
    '{{name}}',
    '# {name} #',
    '{name, number}',
    '{n, plurals, x}',
    'no braces',
  ]
  it('gives what the full format gives for every text without plural/select forms', () => {
    for (const text of plain) {
      expect(hasForms(text), text).toBe(false)
      expect(fillPlaceholders(text, { name: 'A', productName: 'P' }), text).toBe(interpolate(text, { name: 'A', productName: 'P' }))
    }
  })
  it('tells a plural or select form from other braces, as the parser starts one', () => {
    for (const text of [ROLLS_EN, '{unit,select,a {b} other {c}}', '{count , plural , other {#}}', '{count, plural-x, other {#}}'])
      expect(hasForms(text), text).toBe(true)
    expect(hasForms('{count, pluralx, other {#}}')).toBe(false)
  })
  it('finds a form at any depth of island props, so the browser loads the parser first', () => {
    expect(textsHaveForms({ primary: { a: 'x {n}' }, data: { list: ['y', { z: 'w' }] } })).toBe(false)
    expect(textsHaveForms({ primary: { a: 'x' }, data: { list: ['y', { z: ROLLS_EN }] } })).toBe(true)
    const props = { locale: 'en', dir: 'ltr', primary: { a: ROLLS_EN }, fallback: {}, vars: {}, links: {}, data: null } as const
    expect(JSON.parse(serializeIslandProps(props))).toMatchObject({ forms: true })
    expect(JSON.parse(serializeIslandProps({ ...props, primary: { a: 'x' } }))).not.toHaveProperty('forms')
  })
})
