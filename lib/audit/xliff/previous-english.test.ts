import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceHash } from '../lock'
import { tempDir } from '../../../tests/setup/temp-dirs'
import { loadAudit } from '../run'
import { englishHistory } from './previous-english'
import { exportLocale } from './xliff-export'

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' })

describe('englishHistory', () => {
  it('finds the English text a lock hash was made from, in the file’s git history', () => {
    const repo = tempDir('previous-english-')
    mkdirSync(join(repo, 'content/ui'), { recursive: true })
    const file = join(repo, 'content/ui/en.yml')
    git(repo, 'init', '-q')
    writeFileSync(file, 'nav.quote: Get a quote\nnav.home: Home\n')
    git(repo, 'add', '.')
    git(repo, 'commit', '-qm', 'one')
    writeFileSync(file, 'nav.quote: Request a quote\nnav.home: Home\n')
    git(repo, 'commit', '-qam', 'two')
    writeFileSync(file, 'nav.quote: Request your quote\nnav.home: Home page\n')
    git(repo, 'commit', '-qam', 'three')
    const history = englishHistory()
    expect(history.find(file, 'nav.quote', sourceHash('Get a quote'))).toBe('Get a quote')
    expect(history.find(file, 'nav.quote', sourceHash('Request a quote'))).toBe('Request a quote')
    expect(history.find(file, 'nav.quote', sourceHash('never written'))).toBeUndefined()
  })

  it('offers nothing outside git', () => {
    const dir = tempDir('previous-english-')
    writeFileSync(join(dir, 'en.yml'), 'a: b\n')
    expect(englishHistory().find(join(dir, 'en.yml'), 'a', sourceHash('b'))).toBeUndefined()
  })
})

describe('the XLIFF export of a stale text', () => {
  it('carries the English it was translated from as a previous-source note', () => {
    const repo = tempDir('previous-english-export-')
    cpSync('tests/fixtures/audit/qa/content', join(repo, 'content'), { recursive: true })
    git(repo, 'init', '-q')
    git(repo, 'add', '.')
    git(repo, 'commit', '-qm', 'base')
    const en = join(repo, 'content/ui/en.yml')
    writeFileSync(en, readFileSync(en, 'utf8').replace('before the shift starts.', 'before each shift.'))
    git(repo, 'commit', '-qam', 'English edit')
    const { doc } = exportLocale(loadAudit(join(repo, 'content'), repo), 'de')
    const unit = doc.files.flatMap((f) => f.units).find((u) => u.key === 'tube.text')!
    expect(unit.notes.find((n) => n.category === 'previous-source')?.text).toBe('Load the netting tube before the shift starts.')
    expect(unit.source).toBe('Load the netting tube before each shift.')
  })
})
