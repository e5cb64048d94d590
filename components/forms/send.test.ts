// The values a lead form starts from once its draft and the link's prefill arrive (startValues).
import { describe, expect, it } from 'vitest'
import { startValues } from './send'

const initial = { name: '', email: '', products: [] as string[], consent_privacy: false }

describe('startValues', () => {
  it('what was typed before hydration wins over the draft, which wins over the prefill', () => {
    const typed = { ...initial, name: 'Typed' }
    const draft = { ...initial, name: 'Draft', email: 'draft@example.com' }
    const prefill = { email: 'prefill@example.com', products: ['beef'] }
    expect(startValues(initial, typed, draft, prefill, undefined)).toEqual({
      name: 'Typed',
      email: 'draft@example.com',
      products: ['beef'],
      consent_privacy: false,
    })
  })

  it("adds the prefill's product to the draft's products instead of replacing them", () => {
    const draft = { ...initial, products: ['lamb'] }
    expect(startValues(initial, initial, draft, { products: ['beef'] }, undefined).products).toEqual(['lamb', 'beef'])
  })

  // The draft arrives a moment after hydration: a buyer already typing in a field keeps that
  // field as it is (before, the draft's text was set under the cursor and the typing appended).
  it('leaves the focused field as it is, even while it is still empty', () => {
    const draft = { ...initial, name: 'Aylin Demir', email: 'aylin@example.com' }
    expect(startValues(initial, initial, draft, undefined, 'name')).toEqual({ ...draft, name: '' })
    expect(startValues(initial, { ...initial, name: 'Ayl' }, draft, undefined, 'name').name).toBe('Ayl')
  })

  it('ignores a focused element that is not one of the fields', () => {
    const draft = { ...initial, name: 'Aylin Demir' }
    expect(startValues(initial, initial, draft, undefined, 'q')).toEqual(draft)
  })
})
