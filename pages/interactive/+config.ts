// https://vike.dev/config: interactive pages hydrate React (forms, size selector, admin).
import type { Config } from 'vike/types'

export default {
  passToClient: ['data'],
} satisfies Config
