// https://vike.dev/data
import type { PageContextServer } from 'vike/types'

export function data(pageContext: PageContextServer) {
  const status = pageContext.abortStatusCode ?? (pageContext.is404 ? 404 : 500)
  const message = typeof pageContext.abortReason === 'string' ? pageContext.abortReason : status === 404 ? 'Not Found' : 'Internal Error'
  return { head: { title: 'Unexpected Application Error!', description: message }, status, message }
}
