// npm run audit:lock re-records the English hashes after a translator updated a translation,
// so a stale warning goes away — for the given file only when --file is used.
import { cpSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixture, runCli, tempDir } from './run-cli'

function staleCopy() {
  const dir = join(tempDir('audit-lock-'), 'content')
  cpSync(fixture('stale'), dir, { recursive: true })
  return dir
}
const auditOf = (content: string) => runCli('cli', ['--content', content, '--out', tempDir(), '--strict-stale'])

describe('npm run audit:lock', () => {
  it('clears the stale translation of the file given with --file', () => {
    const content = staleCopy()
    expect(auditOf(content).code).toBe(1)
    const lock = runCli('lock', ['--content', content, '--locale', 'tr', '--file', join(content, 'ui/tr.yml')])
    expect(lock.stdout).toMatch(/i18n-lock\/tr\.yml: 0 recorded, 1 re-recorded \(were stale\), 0 removed; 14 in total/)
    expect(lock.code).toBe(0)
    const after = auditOf(content)
    expect(after.stdout).not.toContain('[stale]')
    expect(after.code).toBe(0)
  })

  it('leaves other files alone with --file', () => {
    const content = staleCopy()
    const before = readFileSync(join(content, 'i18n-lock/tr.yml'), 'utf8')
    runCli('lock', ['--content', content, '--locale', 'tr', '--file', join(content, 'pages/home/tr.yml')])
    expect(readFileSync(join(content, 'i18n-lock/tr.yml'), 'utf8')).toBe(before)
    expect(auditOf(content).code).toBe(1)
  })

  it('refuses an unknown locale and a file of another locale', () => {
    const content = staleCopy()
    expect(runCli('lock', ['--content', content, '--locale', 'xx']).stderr).toContain('--locale xx: not a translated locale (tr; en is the source language)')
    const foreign = runCli('lock', ['--content', content, '--locale', 'tr', '--file', join(content, 'ui/en.yml')])
    expect(foreign.stderr).toContain('not a tr translation file')
    expect(foreign.code).toBe(2)
  })
})
