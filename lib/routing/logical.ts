// Logical URLs are Vike's internal routes ("/~/product/pork"). The "~" segment cannot be a
// localized slug (slugs are a-z, 0-9 and hyphens), so a logical URL never shadows a real one.
export const logicalUrl = (page: string, param?: string) => `/~/${page}${param ? `/${param}` : ''}`

/**
 * A Vike route function for a page (https://vike.dev/route-function). Functions, unlike route
 * strings, are never prerendered on their own, so only the localized URLs that each page's
 * +onBeforePrerenderStart lists become files.
 */
export function logicalRoute(page: string, withId = false) {
  const prefix = logicalUrl(page)
  return (pageContext: { urlPathname: string }) => {
    const path = pageContext.urlPathname
    if (!withId) return path === prefix
    const id = path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : ''
    return id && !id.includes('/') ? { routeParams: { id } } : false
  }
}
