import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceHash } from '../audit/lock'
import { tempDir } from '../../tests/setup/temp-dirs'
import { englishHistory } from './previous-english'

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
    const history = englishHistory(repo)
    expect(history.find('content/ui/en.yml', 'nav.quote', sourceHash('Get a quote'))).toBe('Get a quote')
    expect(history.find('content/ui/en.yml', 'nav.quote', sourceHash('Request a quote'))).toBe('Request a quote')
    expect(history.find('content/ui/en.yml', 'nav.quote', sourceHash('never written'))).toBeUndefined()
  })

  it('offers nothing outside git', () => {
    const dir = tempDir('previous-english-')
    writeFileSync(join(dir, 'en.yml'), 'a: b\n')
    expect(englishHistory(dir).find('en.yml', 'a', sourceHash('b'))).toBeUndefined()
  })
})
