// The release gate: each kind of translation error in a small two-locale fixture is found,
// named with file:line and key, shown with its English source, and sets the exit code.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { audit, spawnCli } from './run-cli'

const F = 'tests/fixtures/audit'

// [scenario, exit code, what the audit must print (a whole line, or its beginning)]
const CASES: [string, number, string][] = [
  ['complete', 0, 'Localization audit passed: 0 errors, 0 warnings'],
  [
    'missing-key',
    1,
    `${F}/missing-key/content/ui/tr.yml:2: error: [missing] nav.quote: not translated: add this text in your language — English (${F}/missing-key/content/ui/en.yml:3): "Request a Quote"`,
  ],
  [
    'empty-value',
    1,
    `${F}/empty-value/content/ui/tr.yml:2: error: [empty] nav.home: empty: write the translation — English (${F}/empty-value/content/ui/en.yml:2): "Home"`,
  ],
  [
    'placeholder-mismatch',
    1,
    `${F}/placeholder-mismatch/content/ui/tr.yml:4: error: [placeholder mismatch] product.order.title: placeholders differ from English: English has {productName}, this text has {productname}; keep every {name} exactly as in English — English (${F}/placeholder-mismatch/content/ui/en.yml:4): "Order {productName}"`,
  ],
  [
    'slug-collision',
    1,
    `${F}/slug-collision/content/routes.yml:4: error: [slug collision] pages.samples.tr: path /tr/teklif/ is used by both "quote" (line 3) and "samples": give one of them another tr slug`,
  ],
  [
    'unsafe-slug',
    1,
    `${F}/unsafe-slug/content/routes.yml:3: error: [unsafe slug] pages.quote.tr: slug "teklif-İste" is not URL-safe: use lowercase a-z, 0-9 and single hyphens (Arabic slugs are romanized, see TRANSLATING.md) — English (${F}/unsafe-slug/content/routes.yml:3): "quote"`,
  ],
  [
    'stale',
    0,
    `${F}/stale/content/ui/tr.yml:2: warning: [stale] nav.home: stale: the English text changed after this was translated; update it, then mark it current: npm run audit:lock -- --file ${F}/stale/content/ui/tr.yml --key nav.home — English (${F}/stale/content/ui/en.yml:2): "Home page"`,
  ],
  // The guide is only a placeholder in tr: neither the guide nor the home page's link to it is required.
  [
    'optional-link',
    0,
    `${F}/optional-link/content/pages/home/tr.yml:5: warning: [structure mismatch] blocks.0.id: structure differs from English: "top" expected, found "ust"; id is not translated, copy it from English`,
  ],
  [
    'formula',
    1,
    `${F}/formula/content/ui/tr.yml:2: error: [missing] nav.quote: not translated: add this text in your language — English (${F}/formula/content/ui/en.yml:3): "=HYPERLINK("http://x","y")"`,
  ],
]

describe('npm run audit against fixtures', () => {
  it.each(CASES)('%s → exit %i', (scenario, code, line) => {
    const run = audit(scenario)
    expect(run.stdout).toContain(line)
    expect(run.code).toBe(code)
    expect(run.stdout).toMatch(/^tr\s+\d+\.\d%\s+\d+\/\d+/m) // the summary table
    expect(run.stdout).toMatch(/\(audit took \d+ ms, of which QA checks \d+ ms\)/)
  })

  it('makes stale translations fatal with --strict-stale', () => {
    const run = audit('stale', ['--strict-stale'])
    expect(run.stdout).toContain(`${F}/stale/content/ui/tr.yml:2: error: [stale] nav.home`)
    expect(run.code).toBe(1)
  })

  it('does not require a UI key of an English-only page (admin.heading) in Turkish', () => {
    expect(audit('complete').stdout).not.toContain('admin.heading')
  })

  it('counts a text with an error as not complete, in the table and the CSV', () => {
    // 14 Turkish texts, all present; one has a placeholder error: 13 of 14 complete.
    const run = audit('placeholder-mismatch')
    expect(run.stdout).toMatch(/^tr\s+92\.8%\s/m)
    const csv = readFileSync(join(run.out, 'localization-audit.csv'), 'utf8')
    expect(csv).toContain('\r\ntr,92.8%,3/3,1 placeholder mismatch,14,14,0,1,0,0,1,0,0,0,0\r\n')
  })

  it('counts only pages with real content: placeholder pages are named in the notes', () => {
    expect(audit('optional-link').stdout).toMatch(/^tr\s+100\.0%\s+2\/2\s.*complete; 1 structure mismatch; 1 placeholder page not counted \(guide\)$/m)
  })

  // The one case run as a real `node --import tsx scripts/audit/cli.ts` process (the others call
  // main() in this process): the entry point runs, reads CI's environment and sets the exit code.
  it('writes GitHub Actions annotations when GITHUB_ACTIONS=true', () => {
    const run = audit('missing-key', [], { GITHUB_ACTIONS: 'true' }, spawnCli)
    expect(run.stdout.split('\n')).toContain(
      `::error file=${F}/missing-key/content/ui/tr.yml,line=2,title=missing (tr)::nav.quote: not translated: add this text in your language — English (${F}/missing-key/content/ui/en.yml:3): "Request a Quote"`,
    )
    expect(run.code).toBe(1)
  })

  it('exits 2 with a clear message when --content is not a content folder', () => {
    const run = audit('no-such-scenario')
    expect(run.stderr).toContain('tests/fixtures/audit/no-such-scenario/content/audit.yml: not found')
    expect(run.code).toBe(2)
  })
})
