// The CloudFront Functions the build writes for S3 + CloudFront, run on CloudFront's event shape.
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { CLOUDFRONT_FUNCTION_MAX_BYTES, cloudfrontRequestFunction, cloudfrontResponseFunction } from '../../lib/build/cloudfront'
import { redirects } from '../../lib/build/redirects'
import { routes, routeTable } from '../../lib/content/data'

type Result = { statusCode?: number; headers?: Record<string, { value: string }>; uri?: string }
const load = (code: string) => runInNewContext(`${code}; handler`) as (event: object) => Result
const list = redirects(routeTable, routes.legacy, routes.legacyProducts)
const request = load(cloudfrontRequestFunction(list))
const event = (uri: string, querystring: Record<string, { value: string }> = {}) => ({ request: { uri, querystring, headers: {} } })

describe('CloudFront viewer-request function', () => {
  it('fits CloudFront size limit', () => {
    expect(Buffer.byteLength(cloudfrontRequestFunction(list))).toBeLessThan(CLOUDFRONT_FUNCTION_MAX_BYTES)
  })

  it('answers every legacy link, with or without a trailing slash, with one 301 to its page', () => {
    for (const r of list) {
      for (const uri of [r.from, `${r.from}/`]) {
        const res = request(event(uri))
        expect(res.statusCode, uri).toBe(301)
        expect(res.headers!.location!.value).toBe(r.to)
      }
    }
    expect(request(event('/urunler', { utm_source: { value: 'x' } })).headers!.location!.value).toBe('/tr/elastik-et-kefeni/?utm_source=x')
  })

  it('serves page URLs from their index.html and redirects the other spellings like Cloudflare (308)', () => {
    expect(request(event('/en/about/')).uri).toBe('/en/about/index.html')
    expect(request(event('/')).uri).toBe('/index.html')
    expect(request(event('/en/about'))).toMatchObject({ statusCode: 308, headers: { location: { value: '/en/about/' } } })
    expect(request(event('/en/about/index.html'))).toMatchObject({ statusCode: 308, headers: { location: { value: '/en/about/' } } })
    expect(request(event('/assets/app.js')).uri).toBe('/assets/app.js')
  })
})

describe('CloudFront viewer-response function', () => {
  it('adds every security header', () => {
    const response = load(cloudfrontResponseFunction({ 'X-Frame-Options': 'DENY', 'Strict-Transport-Security': 'max-age=1' }))({
      response: { headers: {} },
    }) as { headers: Record<string, { value: string }> }
    expect(response.headers).toEqual({ 'x-frame-options': { value: 'DENY' }, 'strict-transport-security': { value: 'max-age=1' } })
  })
})
