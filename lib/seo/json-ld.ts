// Structured data (schema.org) for search engines.
import type { Facts } from '../../.velite/index.js'

export function organization(facts: Facts) {
  const b = facts.business
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: b.name,
    url: b.siteUrl,
    logo: `${b.siteUrl}/logo.svg`,
    email: b.email,
    telephone: b.phone,
    address: { '@type': 'PostalAddress', addressLocality: b.city, addressCountry: b.country },
  }
}

export function breadcrumbList(items: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  }
}

export function product(args: { name: string; description: string; url: string; image: string; brand: string; properties: [string, string][] }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: args.name,
    description: args.description,
    url: args.url,
    image: args.image,
    brand: { '@type': 'Brand', name: args.brand },
    additionalProperty: args.properties.map(([name, value]) => ({ '@type': 'PropertyValue', name, value })),
  }
}

/** JSON for a <script type="application/ld+json">: "<" escaped so text can never close the tag. */
export const serializeJsonLd = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c')
