// The logo travels inside each page as a data: URI of public/logo.svg, as the favicon and as the
// header's image (components/layout/logo.ts; on the built pages: tests/built/logo.test.ts).
import { describe, expect, it } from 'vitest'
import { svgDataUri } from '../../components/layout/logo'

const decode = (uri: string) => decodeURIComponent(uri.slice('data:image/svg+xml,'.length))

describe('logo', () => {
  it('svgDataUri escapes what a URI or an attribute cannot carry, and decodes to the same SVG', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">\n  <rect fill="#0f5153" data-x='a&b' d="50%"/>\n</svg>\n`
    const uri = svgDataUri(svg)
    expect(uri).toMatch(/^data:image\/svg\+xml,%3Csvg /)
    expect(uri.slice(5)).not.toMatch(/[#<>"'&]|%(?![0-9A-F]{2})/)
    expect(decode(uri)).toBe(`<svg xmlns="http://www.w3.org/2000/svg"> <rect fill="#0f5153" data-x='a&b' d="50%"/> </svg>`)
  })
})
