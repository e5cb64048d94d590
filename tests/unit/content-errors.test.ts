// A broken content file fails the build and the message names the file and the field.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = resolve('.')
const dirs: string[] = []

/** A copy of the project's content with one file changed, built with the real velite config. */
async function buildWith(file: string, edit: (text: string) => string) {
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  dirs.push(dir)
  // MDX compilation dominates build time and is not under test here: leave guides and glossary out.
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true, filter: (src) => !/content\/(guides|glossary)(\/|$)/.test(src) })
  for (const link of ['node_modules', 'lib', 'velite.config.ts', 'package.json', 'tsconfig.json']) symlinkSync(join(root, link), join(dir, link))
  writeFileSync(join(dir, 'content', file), edit(readFileSync(join(dir, 'content', file), 'utf8')))
  try {
    await run(process.execPath, [join(root, 'node_modules/velite/bin/velite.js'), 'build', '--strict'], { cwd: dir })
    return { failed: false, output: '' }
  } catch (error) {
    const e = error as { stdout: string; stderr: string }
    return { failed: true, output: `${e.stdout}\n${e.stderr}` }
  }
}

afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('content errors fail the build naming file and field', () => {
  it('a product without its intro', async () => {
    const { failed, output } = await buildWith('products/beef/de.yml', (t) => t.replace(/^intro:.*$/m, ''))
    expect(failed).toBe(true)
    expect(output).toContain('content/products/beef/de.yml')
    expect(output).toMatch(/intro/)
  })

  it('an unknown block type on a page', async () => {
    const { failed, output } = await buildWith('pages/about/fr.yml', (t) => t.replace('type: hero', 'type: carousel'))
    expect(failed).toBe(true)
    expect(output).toContain('content/pages/about/fr.yml')
    expect(output).toMatch(/type/)
  })

  it('an empty UI string', async () => {
    const { failed, output } = await buildWith('ui/tr.yml', (t) => t.replace(/^nav\.home: .*$/m, 'nav.home: ""'))
    expect(failed).toBe(true)
    expect(output).toContain('content/ui/tr.yml')
    expect(output).toContain('nav.home')
  })

  it('an unsafe slug in the route table', async () => {
    const { failed, output } = await buildWith('routes.yml', (t) => t.replace('tr: hakkimizda', 'tr: Hakkımızda'))
    expect(failed).toBe(true)
    expect(output).toContain('content/routes.yml')
    expect(output).toMatch(/pages\.about\.tr|slug must be/)
  })

  it('the unchanged content builds (the control for the cases above)', async () => {
    const { failed, output } = await buildWith('facts.yml', (t) => t)
    expect(output).toBe('')
    expect(failed).toBe(false)
  }, 60_000)
})
