// The auth context's event rule (spec §4) and the toast message rule (spec §8).
import { AuthApiError, AuthRetryableFetchError, AuthUnknownError, AuthWeakPasswordError, type Session } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { onAuthEvent, SESSION_EVENTS, type AuthState } from './auth-context'
import { FALLBACK_MESSAGE, failureMessage } from './failure-message'

const loading: AuthState = { loading: true, session: null, user: null, client: null, unavailable: false }
const session = (id: string) => ({ access_token: `token-${id}`, user: { id } }) as unknown as Session

describe('auth context', () => {
  it('reacts to exactly the five events of spec §4', () => {
    expect([...SESSION_EVENTS].sort()).toEqual(['INITIAL_SESSION', 'MFA_CHALLENGE_VERIFIED', 'SIGNED_IN', 'SIGNED_OUT', 'TOKEN_REFRESHED'])
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

  it('other events change nothing (still loading if nothing was read yet)', () => {
    expect(onAuthEvent(loading, 'USER_UPDATED', session('u1'))).toBe(loading)
    expect(onAuthEvent(loading, 'PASSWORD_RECOVERY', session('u1'))).toBe(loading)
  })
})

describe('failure toast message', () => {
  it('is the auth server’s message when it sent one', () => {
    expect(failureMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe('Invalid login credentials')
    expect(failureMessage(new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']))).toBe(
      'Password should be at least 6 characters.',
    )
  })

  it('is "Something went wrong" otherwise', () => {
    expect(FALLBACK_MESSAGE).toBe('Something went wrong')
    expect(failureMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(FALLBACK_MESSAGE)
    expect(failureMessage(new AuthUnknownError('Unexpected token <', new Error('x')))).toBe(FALLBACK_MESSAGE)
    expect(failureMessage(new AuthApiError('', 500, undefined))).toBe(FALLBACK_MESSAGE)
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(FALLBACK_MESSAGE)
    expect(failureMessage('challenge-closed')).toBe(FALLBACK_MESSAGE)
    expect(failureMessage(undefined)).toBe(FALLBACK_MESSAGE)
  })
})
