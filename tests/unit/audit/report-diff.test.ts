// The PR comment's audit change: two real audit outputs (fixture content trees audited by the CLI)
// compared by scripts/audit/diff.ts.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { COMMENT_MARKER, diffAudits, diffMarkdown, parseItems, readAuditOutput } from '../../../lib/audit/report-diff'
import { audit, tempDir } from './run-cli'

const diffCli = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/audit/diff.ts', ...args], { encoding: 'utf8' })

describe('audit diff between the base branch and a PR', () => {
  const complete = audit('complete').out
  const missing = audit('missing-key').out
  const stale = audit('stale').out

  it('a PR that drops a Turkish string: tr completion falls and the key is listed as new missing', () => {
    const [en, tr] = diffAudits(readAuditOutput(complete), readAuditOutput(missing)!)
    expect(en!.added).toEqual([])
    expect(tr!.before).toBe(1)
    expect(tr!.after).toBeLessThan(1)
    expect(tr!.added).toEqual([expect.objectContaining({ locale: 'tr', file: 'content/ui/tr.yml', key: 'nav.quote', problem: 'missing' })])
    expect(tr!.fixed).toEqual([])
  })

  it('the reverse PR fixes it', () => {
    const tr = diffAudits(readAuditOutput(missing), readAuditOutput(complete)!).find((d) => d.locale === 'tr')!
    expect(tr.added).toEqual([])
    expect(tr.fixed.map((f) => f.key)).toEqual(['nav.quote'])
    expect(tr.after).toBe(1)
  })

  it('files audited from another folder (the base checkout) compare from content/ on', () => {
    expect(parseItems('\uFEFFlocale,file,line,key,problem\ntr,base/content/ui/tr.yml,2,nav.home,stale\n')[0]).toMatchObject({
      file: 'content/ui/tr.yml',
      problem: 'stale',
    })
  })

  it('the CLI prints the sticky comment: marker, preview URL, before → after, new stale key', () => {
    const run = diffCli(['--base', complete, '--head', stale, '--preview-url', 'https://abc.elastinet.pages.dev'])
    expect(run.status).toBe(0)
    expect(run.stdout.startsWith(COMMENT_MARKER)).toBe(true)
    expect(run.stdout).toContain('**Preview:** https://abc.elastinet.pages.dev')
    expect(run.stdout).toMatch(/\| tr\) \| 100\.0% \| – \| 1 \| – \| – \||\(tr\) \| 100\.0% \| – \| 1 \| – \| – \|/)
    expect(run.stdout).toContain('`tr` stale: `content/ui/tr.yml:2` `nav.home`')
  })

  it('shows the completion change per language', () => {
    const md = diffMarkdown(diffAudits(readAuditOutput(complete), readAuditOutput(missing)!), { previewNote: 'not deployed (no Cloudflare secrets)' })
    expect(md).toMatch(/\(tr\) \| 100\.0% → \*\*\d+\.\d%\*\* \| 1 \|/)
    expect(md).toContain('not deployed (no Cloudflare secrets)')
  })

  it('works when the base branch has no audit output', () => {
    const run = diffCli(['--base', tempDir(), '--head', complete])
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/– → \*\*100\.0%\*\*/)
  })
})
