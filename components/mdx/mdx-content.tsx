// Runs velite's compiled MDX (a function body) with our components. Server-only: guides and
// glossary pages ship HTML, never the MDX runtime.
import * as runtime from 'react/jsx-runtime'
import type { ComponentProps, ComponentType } from 'react'
import { facts } from '../../lib/content/data'
import { productSpec, type SpecField } from '../../lib/facts/format'
import { formatList } from '../../lib/i18n/format'
import { useI18n } from '../../lib/i18n/context'
import { Link } from '../routing/links'

function Spec({ product, field }: { product: string; field: SpecField }) {
  const { locale, dir } = useI18n()
  const value = productSpec(facts, product, locale, dir === 'rtl')[field]
  if (value === undefined) throw new Error(`<Spec product="${product}" field="${field}"/>: unknown field (diameter, stitches, heat, rolls)`)
  return <bdi>{value}</bdi>
}

function Fact({ name }: { name: string }) {
  const { fill, locale, dir } = useI18n()
  if (name === 'compliance') return <>{formatList(facts.compliance, locale, { rtl: dir === 'rtl' })}</>
  const value = fill(`{${name}}`)
  if (value === `{${name}}`) throw new Error(`<Fact name="${name}"/>: unknown fact (see docs/CONTENT-FORMAT.md)`)
  return <bdi>{value}</bdi>
}

/** Markdown links [text](quote) take logical targets like <Link to>, checked at content time. */
function MarkdownLink({ href = '', ...props }: ComponentProps<'a'>) {
  return <Link to={href} {...props} />
}

const components = { Spec, Fact, Link, a: MarkdownLink }
const cache = new Map<string, ComponentType<{ components: typeof components }>>()

export function MdxContent({ code }: { code: string }) {
  let Content = cache.get(code)
  if (!Content) {
    Content = new Function(code)({ ...runtime }).default as ComponentType<{ components: typeof components }>
    cache.set(code, Content)
  }
  return <Content components={components} />
}
