// An English typo fix named by an "i18n: no-retranslate" commit trailer refreshes only the named
// texts' locks, only where the translation was current before, and says so.
import { execFileSync } from 'node:child_process'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { runAudit } from '../../../lib/audit/run'
import { main, trailerIds } from '../../../scripts/i18n/no-retranslate'
import { tempDir } from '../../setup/temp-dirs'

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' }).trim()

describe('i18n: no-retranslate', () => {
  it('reads the ids of every trailer in the log', () => {
    const log = 'aaa111\nFix typo\n\ni18n: no-retranslate ui:a ui:b\n\u0000bbb222\nOther\n\nI18N: No-Retranslate pages/home:title\n\u0000'
    expect([...trailerIds(log)]).toEqual([
      ['ui:a', 'aaa111'],
      ['ui:b', 'aaa111'],
      ['pages/home:title', 'bbb222'],
    ])
  })

  it('refreshes the named text where it was current, leaves the rest stale, and logs each refresh', () => {
    const repo = tempDir('no-retranslate-')
    cpSync('tests/fixtures/audit/qa/content', join(repo, 'content'), { recursive: true })
    // German's translation of tube.text was already out of date before the fix.
    const deLock = join(repo, 'content/i18n-lock/ui/de.yml')
    writeFileSync(deLock, readFileSync(deLock, 'utf8').replace(/^("tube\.text": ")[0-9a-f]{12}/m, '$1000000000000'))
    git(repo, 'init', '-q')
    git(repo, 'add', '.')
    git(repo, 'commit', '-qm', 'base')
    const base = git(repo, 'rev-parse', 'HEAD')
    const en = join(repo, 'content/ui/en.yml')
    writeFileSync(
      en,
      readFileSync(en, 'utf8')
        .replace('before the shift starts.', 'before the shift begins.')
        .replace('Write "urgent" in your message.', 'Write "urgent" in the message.'),
    )
    git(repo, 'commit', '-qam', 'Wording of the tube advice\n\ni18n: no-retranslate ui:tube.text')

    const printed = vi.spyOn(console, 'log').mockImplementation(() => {})
    expect(main(['--base', base, '--content', 'content'], repo)).toBe(0)
    const output = printed.mock.calls.map((c) => String(c[0])).join('\n')
    printed.mockRestore()
    expect(output).toContain('`ui:tube.text` (commit')
    expect(output).toContain('lock refreshed in tr, fr, es, it, ar')

    const stale = runAudit({ contentDir: join(repo, 'content'), cwd: repo })
      .problems.filter((p) => p.kind === 'stale')
      .map((p) => `${p.locale} ${p.key}`)
      .sort()
    // tube.text: only German, which was stale before; quote.note was not named: stale everywhere.
    expect(stale).toEqual(['ar quote.note', 'de quote.note', 'de tube.text', 'es quote.note', 'fr quote.note', 'it quote.note', 'tr quote.note'])
  })
})
