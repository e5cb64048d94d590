// The Edge Function's copies under supabase/functions/_shared/ equal their sources (the zod
// schema, business facts, mail texts); a stale copy fails here with the command that fixes it.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sharedFiles } from '../../scripts/sync-function-shared'

describe('supabase/functions/_shared is in sync', () => {
  it.each(Object.entries(sharedFiles()))('%s (run `npm run functions:sync` if this fails)', (name, expected) => {
    expect(readFileSync(`supabase/functions/_shared/${name}`, 'utf8')).toBe(expected)
  })
})
