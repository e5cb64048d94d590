// One locale list: content/locales.yml. The generated lib/i18n/locale-codes.ts, the zod enums and
// the leads schema derive from it; the database's CHECK constraint cannot, so it is compared here.
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { localeCodeSchema, routeEntrySchema } from '../../lib/content/schemas'
import { localeCodes } from '../../lib/i18n/generate'
import { LOCALE_CODES } from '../../lib/i18n/locale-codes'
import { LEAD_LOCALES } from '../../lib/leads/schema'

const root = resolve(__dirname, '../..')
const fromYaml = localeCodes(join(root, 'content'))

/** The locales allowed by the last `locale in (...)` check over supabase/migrations/*.sql, in order. */
function sqlLocales(): { file: string; codes: string[] } | undefined {
  const dir = join(root, 'supabase/migrations')
  let found: { file: string; codes: string[] } | undefined
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(join(dir, file), 'utf8').replace(/--[^\n]*/g, '')
    for (const m of sql.matchAll(/\blocale\s+in\s*\(([^)]*)\)/gi)) {
      found = { file, codes: [...m[1]!.matchAll(/'([^']*)'/g)].map((q) => q[1]!) }
    }
  }
  return found
}

describe('one locale list (content/locales.yml)', () => {
  it('the generated list, the content schemas and the leads schema all equal content/locales.yml', () => {
    expect(fromYaml.length).toBeGreaterThan(1)
    expect([...LOCALE_CODES]).toEqual(fromYaml)
    expect(localeCodeSchema.options).toEqual(fromYaml)
    expect([...LEAD_LOCALES]).toEqual(fromYaml)
    // Every locale may have its own slug in content/routes.yml, and no other key is accepted.
    for (const code of fromYaml) expect(routeEntrySchema.safeParse({ [code]: 'a-slug' }).success).toBe(true)
    expect(routeEntrySchema.safeParse({ xx: 'a-slug' }).success).toBe(false)
  })

  it("the database's locale CHECK (supabase/migrations/*.sql) allows exactly the locales of content/locales.yml", () => {
    const sql = sqlLocales()
    expect(sql, 'no "locale in (...)" check found in supabase/migrations/*.sql').toBeDefined()
    expect([...sql!.codes].sort(), `${sql!.file}: the leads.locale check differs from content/locales.yml`).toEqual([...fromYaml].sort())
  })
})
