// https://vike.dev/config: interactive pages hydrate React (forms, size selector). The admin
// page is an island of its own (pages/admin/+client.tsx).
import type { Config } from 'vike/types'

export default {
  passToClient: ['data'],
} satisfies Config
