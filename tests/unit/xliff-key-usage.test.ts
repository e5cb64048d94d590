// The XLIFF export's context note of a UI key names the pages of the export's language that use
// it, from the build's usage file (lib/i18n/key-usage.ts); without one it says what it said before.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { KeyUsage } from '../../lib/i18n/key-usage'
import { parseXliff } from '../../lib/audit/xliff/xliff'
import { runCli, tempDir } from './audit/run-cli'

describe('XLIFF context notes from the UI key usage', () => {
  const dir = tempDir('xliff-usage-')
  const content = join(dir, 'content')
  cpSync('tests/fixtures/xliff/content', content, { recursive: true })
  const usageFile = join(dir, 'ui-key-usage.json')
  const usage: KeyUsage = {
    pages: [
      ['/', 'en'],
      ['/de/', 'de'],
      ['/de/anfrage/', 'de'],
      ['/de/kontakt/', 'de'],
      ['/de/muster/', 'de'],
      ['/fr/', 'fr'],
    ],
    keys: { 'nav.home': [0, 1, 5], 'nav.quote': [0, 1, 2, 3, 4, 5] },
  }
  writeFileSync(usageFile, JSON.stringify(usage))
  const contextOf = (usageArg: string) => {
    const xlf = join(dir, `de-${Math.random().toString(36).slice(2)}.xlf`)
    const run = runCli('export', ['de', '--content', content, '--out', xlf, '--usage', usageArg])
    expect(run.code, run.stderr).toBe(0)
    const units = parseXliff(readFileSync(xlf, 'utf8')).files.flatMap((f) => f.units.map((u) => ({ ...u, file: f.original })))
    return (key: string, file = /ui\//) => units.find((u) => u.key === key && file.test(u.file))?.notes.find((n) => n.category === 'context')?.text
  }

  it("names the first pages of the export's language and their count, never another language's", () => {
    const context = contextOf(usageFile)
    expect(context('nav.quote')).toMatch(
      /^English: \S*content\/ui\/en\.yml:\d+, key nav\.quote; interface text \(menus, buttons, notices\), used on 4 pages: \/de\/, \/de\/anfrage\/, \/de\/kontakt\/, …$/,
    )
    expect(context('nav.home')).toMatch(/, used on 1 page: \/de\/$/)
    expect(context('form.name')).toMatch(/interface text \(menus, buttons, notices\), used on no page of the build/)
    // A page's own text keeps its page URL, as before.
    expect(context('blocks.0.heading', /pages\/home/)).toMatch(/; page \/de\//)
  })

  it('says only "interface text" where no build has written the usage file', () => {
    const context = contextOf(join(dir, 'no-such-file.json'))
    expect(context('nav.quote')).toMatch(/; interface text \(menus, buttons, notices\)$/)
  })
})
