// The lead schema turns on zod's jitless mode, so validating a form in the browser never probes
// `new Function` (a script-src eval violation under the site's CSP; tests/e2e/csp-forms.spec.ts
// checks the browser side).
import { z } from 'zod'
import { describe, expect, it } from 'vitest'

describe('zod in the browser bundle', () => {
  it('runs jitless once the lead schema is loaded', async () => {
    await import('../../lib/leads/schema')
    expect(z.config().jitless).toBe(true)
  })
})
