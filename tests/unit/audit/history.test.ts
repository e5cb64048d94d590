// The localization report's release history: what npm run audit:record-release writes, and that
// the build refuses a broken history file by naming the field.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HISTORY_FILE, historyText, readHistory } from '../../../lib/audit/history'
import { main } from '../../../scripts/audit/record-release'
import { tempDir } from '../../setup/temp-dirs'

const summary = {
  locales: [
    { locale: 'en', completion: 1, requiredUnits: 10, reviewed: 10 },
    { locale: 'fr', completion: 1, requiredUnits: 10, reviewed: 4 },
    { locale: 'de', completion: 0.8765, requiredUnits: 10, reviewed: 0 },
  ],
  findings: { en: {}, fr: { 'qa-repeated-word': { errors: 1, warnings: 0 }, stale: { errors: 0, warnings: 3 } }, de: { missing: { errors: 2, warnings: 0 } } },
}

describe('npm run audit:record-release', () => {
  it('appends one entry for the commit with each locale’s figures, and replaces it on a re-run', () => {
    const dir = tempDir('history-')
    const history = join(dir, 'history.yml')
    const summaryFile = join(dir, 'summary.json')
    writeFileSync(history, historyText({ releases: [] }))
    writeFileSync(summaryFile, JSON.stringify(summary))
    const args = ['--summary', summaryFile, '--history', history, '--commit', 'HEAD']
    expect(main(args)).toBe(0)
    expect(main([...args, '--release', 'v2'])).toBe(0)
    const { releases } = readHistory(history)
    expect(releases).toHaveLength(1)
    const [entry] = releases
    expect(entry!.release).toBe('v2')
    expect(entry!.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(entry!.backfilled).toBeUndefined()
    expect(entry!.locales).toEqual({
      en: { complete: 100, reviewed: 100, errors: 0, warnings: 0 },
      // An error keeps a locale under 100% even when every text counts as translated.
      fr: { complete: 99.9, reviewed: 40, errors: 1, warnings: 3 },
      de: { complete: 87.6, reviewed: 0, errors: 2, warnings: 0 },
    })
  })

  it('refuses a summary without findings (an audit too old to record) and leaves the history as it was', () => {
    const dir = tempDir('history-')
    const history = join(dir, 'history.yml')
    const summaryFile = join(dir, 'summary.json')
    writeFileSync(history, historyText({ releases: [] }))
    writeFileSync(summaryFile, JSON.stringify({ locales: summary.locales }))
    expect(() => main(['--summary', summaryFile, '--history', history])).toThrow(/no "findings"/)
    expect(readHistory(history).releases).toEqual([])
  })
})

describe('the history file', () => {
  it('the committed one is valid and in date order', () => {
    const dates = readHistory(HISTORY_FILE).releases.map((r) => Date.parse(r.date))
    expect(dates).toEqual([...dates].sort((a, b) => a - b))
  })

  it('a broken entry stops the build, naming the field', () => {
    const file = join(tempDir('history-'), 'history.yml')
    writeFileSync(file, readFileSync(HISTORY_FILE, 'utf8').replace(/commit: [0-9a-f]{40}/, 'commit: abc'))
    expect(() => readHistory(file)).toThrow(/releases\[0\]\.commit/)
  })
})
