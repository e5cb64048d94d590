// The auth context's event rule (spec §4) and the toast message rule (spec §8).
import { type AuthChangeEvent, AuthApiError, AuthRetryableFetchError, AuthUnknownError, AuthWeakPasswordError, type Session } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { onAuthEvent, type AuthState } from './auth-context'
import { failureMessage } from './failure-message'

const loading: AuthState = { loading: true, session: null, user: null, client: null, unavailable: false }
const session = (id: string) => ({ access_token: `token-${id}`, user: { id } }) as unknown as Session

describe('auth context', () => {
  // Every event supabase-js can send (a Record over its type: a new one fails the typecheck here),
  // and whether spec §4 says the session follows it.
  const SPEC: Record<AuthChangeEvent, boolean> = {
    INITIAL_SESSION: true,
    SIGNED_IN: true,
    SIGNED_OUT: true,
    TOKEN_REFRESHED: true,
    MFA_CHALLENGE_VERIFIED: true,
    PASSWORD_RECOVERY: false,
    USER_UPDATED: false,
  }
  it.each(Object.entries(SPEC) as [AuthChangeEvent, boolean][])('%s changes the state: %s', (event, changes) => {
    const next = onAuthEvent(loading, event, session('u1'))
    if (changes) expect(next).toMatchObject({ loading: false, session: { user: { id: 'u1' } }, user: { id: 'u1' } })
    else expect(next).toBe(loading)
  })

  it('starts loading; INITIAL_SESSION ends loading, with or without a stored session', () => {
    expect(onAuthEvent(loading, 'INITIAL_SESSION', null)).toMatchObject({ loading: false, session: null, user: null })
    const s = session('u1')
    expect(onAuthEvent(loading, 'INITIAL_SESSION', s)).toMatchObject({ loading: false, session: s, user: { id: 'u1' } })
  })

  it.each(['SIGNED_IN', 'TOKEN_REFRESHED', 'MFA_CHALLENGE_VERIFIED'] as const)('%s replaces the session and the user', (event) => {
    const before = onAuthEvent(loading, 'INITIAL_SESSION', session('old'))
    const next = session('new')
    expect(onAuthEvent(before, event, next)).toMatchObject({ loading: false, session: next, user: { id: 'new' } })
  })

  it('SIGNED_OUT clears the session and the user', () => {
    const before = onAuthEvent(loading, 'SIGNED_IN', session('u1'))
    expect(onAuthEvent(before, 'SIGNED_OUT', null)).toMatchObject({ loading: false, session: null, user: null })
  })
})

describe('failure toast message', () => {
  const FALLBACK = 'Something went wrong' // spec §8
  it('is the auth server’s message when it sent one', () => {
    expect(failureMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe('Invalid login credentials')
    expect(failureMessage(new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']))).toBe(
      'Password should be at least 6 characters.',
    )
  })

  it('is "Something went wrong" otherwise', () => {
    expect(failureMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(FALLBACK)
    expect(failureMessage(new AuthUnknownError('Unexpected token <', new Error('x')))).toBe(FALLBACK)
    expect(failureMessage(new AuthApiError('', 500, undefined))).toBe(FALLBACK)
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(FALLBACK)
    expect(failureMessage('challenge-closed')).toBe(FALLBACK)
    expect(failureMessage(undefined)).toBe(FALLBACK)
  })
})
