// Logical URLs are Vike's internal routes ("/~/product/pork"). The "~" segment cannot be a
// localized slug (slugs are a-z, 0-9 and hyphens), so a logical URL never shadows a real one.
export const logicalUrl = (page: string, param?: string) => `/~/${page}${param ? `/${param}` : ''}`
