// UI keys are typed from the English UI files: a typo in a literal key fails the typecheck.
// Runs the real tsc on a small file (tests/fixtures/typed-keys/uses-keys.ts.txt).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { generatedFiles, uiKeys } from '../../lib/i18n/generate'

const root = resolve(__dirname, '../..')

describe('generated i18n types', () => {
  it('lib/i18n/locale-codes.ts and lib/i18n/ui-keys.ts are current with content/ (else: npm run i18n:generate)', () => {
    for (const [file, text] of Object.entries(generatedFiles(join(root, 'content'), root))) {
      expect(readFileSync(join(root, file), 'utf8'), `${file} is out of date: run npm run i18n:generate`).toBe(text)
    }
  })

  it('collects keys from content/ui/en.yml and the feature folders', () => {
    const keys = uiKeys(join(root, 'content'), 'en')
    expect(keys).toContain('nav.home') // content/ui/en.yml
    expect(keys).toContain('form.error.required') // content/ui/forms/en.yml
    expect(keys).toContain('size-selector.heading') // content/ui/size-selector/en.yml
    expect(keys).not.toContain('nav.hom')
  })
})

describe("t('nav.hom') fails the typecheck", () => {
  // Outside the repository (so `npm run typecheck` never sees the deliberate errors), importing
  // lib/i18n by its absolute path.
  const dir = mkdtempSync(join(tmpdir(), 'typed-keys-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('tsc reports exactly the two unknown keys, by line', () => {
    const file = join(dir, 'uses-keys.ts')
    const source = readFileSync(join(root, 'tests/fixtures/typed-keys/uses-keys.ts.txt'), 'utf8')
    writeFileSync(file, source.replace("'../../../../lib/i18n/translate'", JSON.stringify(join(root, 'lib/i18n/translate'))))
    let output = ''
    try {
      execFileSync(
        join(root, 'node_modules/.bin/tsc'),
        [
          '--ignoreConfig',
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--target',
          'es2022',
          '--module',
          'esnext',
          '--moduleResolution',
          'bundler',
          '--types',
          'node',
          // The "file(line,col): error" form read below, whatever the environment (FORCE_COLOR makes tsc pretty)
          '--pretty',
          'false',
          file,
        ],
        { cwd: root, encoding: 'utf8', stdio: 'pipe' },
      )
    } catch (error) {
      output = String((error as { stdout?: string }).stdout)
    }
    const errors = output.split('\n').filter((l) => l.includes('error TS'))
    expect(errors.map((l) => /uses-keys\.ts\((\d+),/.exec(l)?.[1])).toEqual(['15', '16'])
    expect(errors[0]).toContain('"nav.hom"')
  })
})
