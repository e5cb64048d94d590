import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useI18n } from '../../lib/i18n/context'
import { createTranslator, interpolate, placeholdersOf } from '../../lib/i18n/translate'

describe('t()', () => {
  const en = { 'nav.home': 'Home', 'product.order.title': 'Order {productName}', 'only.en': 'English only' }
  const tr = { 'nav.home': 'Ana Sayfa', 'product.order.title': '{productName} sipariş edin', empty: '' }
  const t = createTranslator(tr, en)
  // Keys outside content/ui are typed as plain strings: literal ones would (rightly) fail tsc.
  const key = (k: string) => k

  it('uses the current locale first', () => expect(t('nav.home')).toBe('Ana Sayfa'))
  it('falls back to English when the locale lacks the key', () => expect(t(key('only.en'))).toBe('English only'))
  it('returns the key itself when no language has it', () => expect(t(key('no.such.key'))).toBe('no.such.key'))
  it('treats an empty translation as missing', () => expect(createTranslator({ 'nav.home': '' }, en)('nav.home')).toBe('Home'))
  it('substitutes {placeholders}', () => expect(t('product.order.title', { productName: 'Dana eti filesi' })).toBe('Dana eti filesi sipariş edin'))
  it('leaves unknown placeholders visible rather than blank', () => expect(interpolate('Hi {name} {other}', { name: 'A' })).toBe('Hi A {other}'))
  it('merges base vars (facts) with call vars', () => {
    const t2 = createTranslator({ x: '{dispatchDays} days for {who}' }, {}, { dispatchDays: '5–7' })
    expect(t2(key('x'), { who: 'you' })).toBe('5–7 days for you')
  })
  it('lists placeholders sorted and unique', () => expect(placeholdersOf('{b} {a} {b}')).toEqual(['a', 'b']))
})

describe('useI18n()', () => {
  it('throws outside its provider', () => {
    const Probe = () => createElement('p', null, useI18n().locale)
    expect(() => renderToString(createElement(Probe))).toThrow(/inside <I18nProvider>/)
  })
})
