// Resolves logical link targets ("quote", "product/pork#faq") to the current locale's URL.
// On the server it asks the route table; interactive pages get a prepared map in the browser.
import { createContext, useContext, type ComponentProps } from 'react'

export type Href = (target: string) => string
const LinksContext = createContext<Href | null>(null)
export const LinksProvider = LinksContext.Provider

export function useHref(): Href {
  const href = useContext(LinksContext)
  if (!href) throw new Error('useHref() must be used inside <LinksProvider>')
  return href
}

const isExternal = (to: string) => /^(https?:|mailto:|tel:)/.test(to)

/** <Link to="product/pork">…</Link>: an internal link by logical target. */
export function Link({ to, ...props }: Omit<ComponentProps<'a'>, 'href'> & { to: string }) {
  const href = useHref()
  return <a href={isExternal(to) ? to : href(to)} {...props} />
}
