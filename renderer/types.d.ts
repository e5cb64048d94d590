// Fields this site adds to Vike's pageContext: https://vike.dev/pageContext#typescript
import type { LocaleCode } from '../lib/routing/table'

declare global {
  namespace Vike {
    interface PageContext {
      /** Set by +onBeforeRoute from the localized-path table. */
      locale: LocaleCode
      /** Logical route, e.g. "product/pork"; "not-found" for unknown URLs. */
      routeKey: string
    }
  }
}
