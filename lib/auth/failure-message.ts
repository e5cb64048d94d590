// The description of a failed sign-in or sign-out toast (spec §8): the backend's
// message, else 'Something went wrong'. Only two auth-js error classes carry a message that the
// auth server sent in an HTTP error response; network failures, unparseable responses and
// auth-js's own client-side checks do not.
export const FALLBACK_MESSAGE = 'Something went wrong'

const FROM_BACKEND = new Set(['AuthApiError', 'AuthWeakPasswordError'])

export function failureMessage(error: unknown): string {
  if (!error || typeof error !== 'object') return FALLBACK_MESSAGE
  const { message, name } = error as { message?: unknown; name?: unknown }
  return FROM_BACKEND.has(String(name)) && typeof message === 'string' && message.trim() ? message : FALLBACK_MESSAGE
}
