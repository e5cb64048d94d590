// The audit over the real content/ tree: it passes, covers every locale of content/locales.yml and
// writes the CSVs the site publishes.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Papa from 'papaparse'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { runCli, tempDir } from './run-cli'

describe('npm run audit on content/', () => {
  const out = tempDir()
  const run = runCli('cli', ['--out', out])
  const locales = (parse(readFileSync('content/locales.yml', 'utf8')) as { code: string }[]).map((l) => l.code)

  it('passes: every required translation is there, with English placeholders, on URL-safe unique slugs', () => {
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/Localization audit passed: 0 errors, \d+ warnings? \(audit took \d+ ms, of which QA checks \d+ ms\)/)
    expect(run.code).toBe(0)
  })

  it('writes one CSV row per locale', () => {
    const csv = readFileSync(join(out, 'localization-audit.csv'), 'utf8').replace(/^\uFEFF/, '')
    const { data } = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true })
    expect(data.map((r) => r.locale)).toEqual(locales)
    for (const row of data) expect(row.completion).toMatch(/^\d{1,3}\.\d%$/)
  })

  it('writes summary.json for /en/localization-report', () => {
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'))
    expect(summary.locales.map((r: { locale: string }) => r.locale)).toEqual(locales)
    expect(summary.files).toEqual({ summary: 'localization-audit.csv', items: 'localization-audit-items.csv' })
  })
})
