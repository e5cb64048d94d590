// The logo travels inside each built page as a data: URI of public/logo.svg (components/layout/logo.ts;
// the URI itself: tests/unit/logo.test.ts).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const decode = (uri: string) => decodeURIComponent(uri.slice('data:image/svg+xml,'.length))

describe('logo on the built pages', () => {
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
