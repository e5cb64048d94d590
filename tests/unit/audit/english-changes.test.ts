// What a pull request's English edits do to the translations, as the PR comment shows it.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { englishChanges, wordDiff } from '../../../lib/audit/english-changes'
import { diffMarkdown } from '../../../lib/audit/report-diff'
import { tempDir } from '../../setup/temp-dirs'

const FIXTURE = 'tests/fixtures/audit/qa/content'

function branches() {
  const base = tempDir('english-base-')
  const head = tempDir('english-head-')
  cpSync(FIXTURE, base, { recursive: true })
  cpSync(FIXTURE, head, { recursive: true })
  const en = join(head, 'ui/en.yml')
  writeFileSync(
    en,
    readFileSync(en, 'utf8')
      .replace('Load the netting tube before the shift starts.', 'Load the netting tube before each shift.')
      .replace('site.name: Elastinet', 'site.name: Elastinet\nnav.glossary: Glossary'),
  )
  // German was already retranslated for the new English in this PR: its lock names the new text.
  return { base, head }
}

describe('englishChanges', () => {
  it('lists each edited and added English text with the locales it makes stale', () => {
    const { base, head } = branches()
    const changes = englishChanges(base, head)
    expect(changes.map((c) => [c.key, c.kind])).toEqual([
      ['nav.glossary', 'added'],
      ['tube.text', 'edited'],
    ])
    const tube = changes.find((c) => c.key === 'tube.text')!
    expect(tube.staleIn).toEqual(['tr', 'de', 'fr', 'es', 'it', 'ar'])
    expect(tube.before).toBe('Load the netting tube before the shift starts.')
    expect(tube.wordDiff).toBe('Load the netting tube before ~~the~~ **each** shift ~~starts~~.')
  })

  it('a locale whose translation was not current before is not "made stale" by the edit', () => {
    const { base, head } = branches()
    const lock = join(head, 'i18n-lock/ui/de.yml')
    writeFileSync(lock, readFileSync(lock, 'utf8').replace(/^"tube\.text": .*$/m, ''))
    expect(englishChanges(base, head).find((c) => c.key === 'tube.text')!.staleIn).toEqual(['tr', 'fr', 'es', 'it', 'ar'])
  })

  it('goes into the PR comment under the language table', () => {
    const { base, head } = branches()
    const md = diffMarkdown([], { english: englishChanges(base, head) })
    expect(md).toContain('2 English text(s) changed')
    expect(md).toContain('`ui/en.yml` `tube.text` (edited; stale in tr, de, fr, es, it, ar): Load the netting tube before ~~the~~ **each** shift')
    expect(md).toContain('`nav.glossary` (added; new: to translate)')
  })
})

describe('wordDiff', () => {
  it('escapes Markdown in the texts it marks', () => {
    expect(wordDiff('Use *one* size', 'Use `two` sizes')).toBe('Use ~~\\*one\\* size~~ **\\`two\\` sizes**')
  })
})
