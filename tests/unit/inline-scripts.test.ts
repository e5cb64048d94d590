import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cspHash, inlineCode, inlineContentScript } from '../../lib/build/inline-scripts'

describe('inlined content-page script', () => {
  const tag = '<script src="/assets/entries/pages_content_client.D_5RgZFR.js" type="module" async></script>'
  it('replaces the content-page entry and nothing else', () => {
    const html = `<head>${tag}<script src="/assets/entries/entry-server-routing.X.js" type="module" async></script></head>`
    expect(inlineContentScript(html, 'go()')).toBe(
      '<head><script type="module">go()</script><script src="/assets/entries/entry-server-routing.X.js" type="module" async></script></head>',
    )
  })
  it('cannot be closed early by "</script" in the code', () => {
    expect(inlineCode('a("</script>")')).toBe('a("<\\/script>")')
  })
  it('hashes exactly the text between the tags, as browsers do for CSP', () => {
    expect(cspHash('go()')).toBe(`'sha256-${createHash('sha256').update('go()').digest('base64')}'`)
  })
  it('the built pages carry the script inline, and _headers allows exactly that script', () => {
    const html = readFileSync('dist/client/en/about/index.html', 'utf8')
    expect(html).not.toContain('/assets/entries/pages_content_client')
    const code = /<script type="module">([^<]*)<\/script>/.exec(html)![1]!
    expect(code).toContain('cookieConsent')
    expect(readFileSync('dist/client/_headers', 'utf8')).toContain(cspHash(code))
  })
})
