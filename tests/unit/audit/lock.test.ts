// npm run audit:lock re-records the English hashes after a translator updated (or reviewed) a
// translation, so a stale warning goes away — for the given file, or the given text, only. One
// lock file per translation file: two pull requests on different pages touch different files.
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lockCommand } from '../../../lib/audit/compare'
import { fixture, runCli, spawnCli, tempDir } from './run-cli'

function copy(scenario = 'stale') {
  const dir = join(tempDir('audit-lock-'), 'content')
  cpSync(fixture(scenario), dir, { recursive: true })
  return dir
}
const auditOf = (content: string) => runCli('cli', ['--content', content, '--out', tempDir(), '--strict-stale'])
const read = (content: string, rel: string) => readFileSync(join(content, rel), 'utf8')
/** Every lock file's text, by path: what a pull request would change. */
function lockFiles(content: string): Map<string, string> {
  const root = join(content, 'i18n-lock')
  return new Map(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => {
        const p = join(d.parentPath, d.name)
        return [relative(content, p), readFileSync(p, 'utf8')] as [string, string]
      }),
  )
}
const changed = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f)).sort()

describe('npm run audit:lock', () => {
  it('clears the stale translation of the file given with --file, writing only that file’s lock', () => {
    const content = copy()
    expect(auditOf(content).code).toBe(1)
    const before = lockFiles(content)
    // A real `node --import tsx scripts/audit/lock.ts` process; the other runs call main() in this process.
    const lock = spawnCli('lock', ['--content', content, '--file', join(content, 'ui/tr.yml')])
    expect(lock.stdout).toMatch(/^tr: 0 recorded, 1 re-recorded \(were stale\), 0 removed; .*i18n-lock\/ui\/tr\.yml\n$/)
    expect(lock.code).toBe(0)
    expect(changed(before, lockFiles(content))).toEqual(['i18n-lock/ui/tr.yml'])
    const after = auditOf(content)
    expect(after.stdout).not.toContain('[stale]')
    expect(after.code).toBe(0)
  })

  it('the exact command the audit prints marks that one reviewed text as current', () => {
    const content = copy()
    const line = auditOf(content)
      .stdout.split('\n')
      .find((l) => l.includes('[stale]'))!
    const command = /mark it current: (npm run audit:lock -- .*?) — English/.exec(line)?.[1]
    expect(command).toBe(lockCommand(relative(process.cwd(), join(content, 'ui/tr.yml')), 'nav.home'))
    const args = command!.replace('npm run audit:lock -- ', '').split(' ')
    const before = read(content, 'i18n-lock/ui/tr.yml')
    expect(runCli('lock', ['--content', content, ...args]).code).toBe(0)
    const after = read(content, 'i18n-lock/ui/tr.yml')
    expect(changed(new Map([['x', before]]), new Map([['x', after]]))).toEqual(['x'])
    // Only the nav.home line changed.
    const diff = after.split('\n').filter((l, i) => l !== before.split('\n')[i])
    expect(diff).toHaveLength(1)
    expect(diff[0]).toMatch(/^"nav\.home": "[0-9a-f]{12}"$/)
    expect(auditOf(content).code).toBe(0)
  })

  it('quotes a key for the shell when it has brackets or spaces', () => {
    expect(lockCommand('content/pages/home/de.yml', 'blocks.0.actions.[quote].label')).toBe(
      "npm run audit:lock -- --file content/pages/home/de.yml --key 'blocks.0.actions.[quote].label'",
    )
    expect(lockCommand('content/ui/de.yml', 'nav.home')).toBe('npm run audit:lock -- --file content/ui/de.yml --key nav.home')
  })

  it('--key records only the texts named', () => {
    const content = copy()
    writeFileSync(join(content, 'ui/en.yml'), read(content, 'ui/en.yml').replace('Request a Quote', 'Ask for a quote'))
    const first = runCli('lock', ['--content', content, '--file', join(content, 'ui/tr.yml'), '--key', 'nav.home'])
    expect(first.stdout).toContain('tr: 0 recorded, 1 re-recorded')
    const still = auditOf(content).stdout
    expect(still).toContain('[stale] nav.quote')
    expect(still).not.toContain('[stale] nav.home')
    const unknown = runCli('lock', ['--content', content, '--file', join(content, 'ui/tr.yml'), '--key', 'nav.hom'])
    expect(unknown.stderr).toContain('--key nav.hom: no such text in')
    expect(unknown.code).toBe(2)
  })

  it('two pull requests translating different pages change different lock files', () => {
    const a = copy()
    const b = copy()
    // PR a: the English home page changed and its Turkish text was updated; PR b: the UI texts.
    for (const c of [a, b])
      writeFileSync(join(c, 'pages/home/en.yml'), read(c, 'pages/home/en.yml').replace('Netting for meat processors', 'Netting for every meat processor'))
    const before = lockFiles(a)
    runCli('lock', ['--content', a, '--file', join(a, 'pages/home/tr.yml')])
    runCli('lock', ['--content', b, '--file', join(b, 'ui/tr.yml')])
    const touchedA = changed(before, lockFiles(a))
    const touchedB = changed(before, lockFiles(b))
    expect(touchedA).toEqual(['i18n-lock/pages/home/tr.yml'])
    expect(touchedB).toEqual(['i18n-lock/ui/tr.yml'])
  })

  it('without --file re-records the whole language and drops entries of texts that are gone', () => {
    const content = copy()
    writeFileSync(join(content, 'ui/tr.yml'), read(content, 'ui/tr.yml').replace(/^quote\.heading:.*\n/m, ''))
    const run = runCli('lock', ['--content', content, '--locale', 'tr'])
    expect(run.stdout).toContain('tr: 0 recorded, 1 re-recorded (were stale), 1 removed')
    expect(read(content, 'i18n-lock/ui/tr.yml')).not.toContain('quote.heading')
    expect(existsSync(join(content, 'i18n-lock/pages/home/tr.yml'))).toBe(true)
  })

  it('the audit names a lock file whose translation file is gone', () => {
    const content = copy('complete')
    cpSync(join(content, 'i18n-lock/pages/home/tr.yml'), join(content, 'i18n-lock/pages/about/tr.yml'))
    const out = auditOf(content).stdout
    expect(out).toMatch(
      /i18n-lock\/pages\/about\/tr\.yml:1: warning: \[orphan lock file\] no translation file of this path \(renamed or deleted\): delete it with git rm .*i18n-lock\/pages\/about\/tr\.yml/,
    )
    expect(out).not.toMatch(/pages\/home\/tr\.yml.*orphan/)
  })

  it('refuses an unknown locale, a source file, a file of another locale and --key without --file', () => {
    const content = copy()
    expect(runCli('lock', ['--content', content, '--locale', 'xx']).stderr).toContain('--locale xx: not a translated locale (tr; en is the source language)')
    const source = runCli('lock', ['--content', content, '--file', join(content, 'ui/en.yml')])
    expect(source.stderr).toContain('not a translation file')
    expect(source.code).toBe(2)
    const foreign = runCli('lock', ['--content', content, '--locale', 'tr', '--file', join(content, 'ui/en.yml')])
    expect(foreign.stderr).toContain('not a tr translation file')
    expect(runCli('lock', ['--content', content, '--locale', 'tr', '--key', 'nav.home']).stderr).toContain('--key needs the --file')
  })

  it('reads entries with and without a state, and names file and line of a state that does not exist', () => {
    const content = copy('complete')
    const rel = 'i18n-lock/ui/tr.yml'
    const old = read(content, rel)
    const first = /^"([^"]+)": "([0-9a-f]{12})"$/m.exec(old)!
    writeFileSync(join(content, rel), old.replace(first[0], `"${first[1]}": "${first[2]} reviewed"`))
    expect(auditOf(content).code).toBe(0)
    const lines = read(content, rel).split('\n')
    const at = lines.findIndex((l) => l.endsWith(' reviewed"')) + 1
    writeFileSync(join(content, rel), read(content, rel).replace(' reviewed"', ' approved"'))
    const bad = auditOf(content)
    expect(bad.stderr).toMatch(
      new RegExp(
        `i18n-lock/ui/tr\\.yml:${at}: "${first[1]!.replace(/\./g, '\\.')}": a lock entry is 12 lowercase hex digits, optionally followed by a space and a state`,
      ),
    )
    expect(bad.code).toBe(2)
  })

  it('--keep-state re-records a stale text without losing its review (an English fix that changes no meaning)', () => {
    const content = copy()
    const rel = 'i18n-lock/ui/tr.yml'
    writeFileSync(join(content, rel), read(content, rel).replace(/^("nav\.home": "[0-9a-f]{12})"$/m, '$1 reviewed"'))
    const file = join(content, 'ui/tr.yml')
    expect(runCli('lock', ['--content', content, '--file', file, '--key', 'nav.home', '--keep-state']).stdout).toContain('1 re-recorded')
    expect(read(content, rel)).toMatch(/^"nav\.home": "[0-9a-f]{12} reviewed"$/m)
    expect(runCli('lock', ['--content', content, '--file', file, '--state', 'final', '--keep-state']).stderr).toContain(
      '--state and --keep-state exclude each other',
    )
  })
})
