// The logo travels inside each page as a data: URI of public/logo.svg, as the favicon and as the
// header's image (components/layout/logo.ts).
import { readFileSync } from 'node:fs'
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
  it('every built page carries public/logo.svg as its icon and header image, and asks the server for neither', () => {
    const logo = readFileSync('public/logo.svg', 'utf8').trim().replace(/\s+/g, ' ')
    for (const page of ['dist/client/index.html', 'dist/client/ar/index.html', 'dist/client/en/quote/index.html', 'dist/client/404.html']) {
      const html = readFileSync(page, 'utf8')
      const icons = [...html.matchAll(/<link rel="icon" href="([^"]+)"/g)].map((m) => m[1]!)
      const images = [...html.matchAll(/<a class="brand" [^>]*><img src="([^"]+)"/g)].map((m) => m[1]!)
      expect(icons, page).toHaveLength(1)
      expect(images, page).toHaveLength(1)
      for (const uri of [...icons, ...images]) expect(decode(uri), page).toBe(logo)
      expect(html, page).not.toMatch(/(src|href)="\/logo\.svg"/)
    }
  })
})
