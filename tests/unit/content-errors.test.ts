// Every content mistake stops the content build before anything renders, and the message names
// the file and a line or field (docs/ARCHITECTURE.md §4). Each case breaks a COPY of content/
// and runs the real velite config on it; the real files are never touched.
import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = resolve('.')
const dirs: string[] = []
// MDX compilation dominates build time: the copy holds two guides and one glossary term only.
const MDX_KEPT = /content\/(guides\/(en|tr|ar)\/meat-netting\.mdx|glossary\/en\/clipping\.mdx)$/
const GUIDE = 'guides/en/meat-netting.mdx'

type Edits = Record<string, ((text: string) => string) | string | null> // function, new content, or delete

// The copies share one .generated/ (the content build's YAML and MDX caches, keyed by each file's
// text): after the first build, a build parses and compiles only the files its edits changed, as
// `npm run build` does. Shared with no other test run; removed with the copies.
const generated = mkdtempSync(join(tmpdir(), 'content-generated-'))
dirs.push(generated)

/** A copy of content/ with the edits applied, built with the real velite config. */
async function buildWith(edits: Edits, renames: [string, string][] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  dirs.push(dir)
  cpSync(join(root, 'content'), join(dir, 'content'), {
    recursive: true,
    filter: (src) => !/content\/(guides|glossary)\/[^/]+\/[^/]+\.mdx$/.test(src) || MDX_KEPT.test(src),
  })
  for (const link of ['node_modules', 'lib', 'velite.config.ts', 'package.json', 'tsconfig.json']) symlinkSync(join(root, link), join(dir, link))
  symlinkSync(generated, join(dir, '.generated'))
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(dir, 'content', file)
    if (edit === null) rmSync(path)
    else {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, typeof edit === 'string' ? edit : edit(readFileSync(path, 'utf8')))
    }
  }
  for (const [from, to] of renames) renameSync(join(dir, 'content', from), join(dir, 'content', to))
  try {
    await run(process.execPath, [join(root, 'node_modules/velite/bin/velite.js'), 'build'], { cwd: dir })
    return { failed: false, output: '', dir }
  } catch (error) {
    const e = error as { stdout: string; stderr: string }
    return { failed: true, output: `${e.stdout}\n${e.stderr}`, dir }
  }
}

/** The 1-based line of the first line of `text` containing `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1

/** The problem line (our format: "content/<file>:<line>[:col] [field]: message") for a file. */
function problemFor(output: string, file: string, line?: number) {
  const lines = output.split('\n').filter((l) => l.includes(`content/${file}${line ? `:${line}` : ''}`))
  return lines.join('\n')
}

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('per-file mistakes, all reported in one run with file and line or field', () => {
  const original = (file: string) => readFileSync(join(root, 'content', file), 'utf8')
  const about = original('pages/about/fr.yml')
  const guide = original(GUIDE)
  const mdxBody = [
    'Intro line with <script>alert(1)</script> inside.',
    '',
    '<iframe src="https://example.com/x"></iframe>',
    '',
    'A <Link to="quote" onClick="steal()">quote</Link> link.',
    '',
    'A [bad link](javascript:alert(1)) here.',
    '',
    '![](/images/products/pork.svg)',
    '',
    'Some <b>bold</b> raw HTML.',
    '',
    'A stray {fooBar} expression.',
  ].join('\n')
  let output = ''
  let failed = false

  beforeAll(async () => {
    ;({ output, failed } = await buildWith(
      {
        'ui/de.yml': (t) => t.replace(/^nav\.home: .*$/m, 'nav.home: Start\nnav.menu: Menü doppelt'), // duplicate key
        'pages/home/tr.yml': (t) => t.replace(/^title: (.*)$/m, 'title: Ana sayfa: $1'), // YAML syntax
        'pages/about/fr.yml': (t) => t.replace(/^(\s+heading: ).*$/m, '$1"   "'), // blank text
        [GUIDE]: (t) => t.replace(/^updated: .*$/m, 'updated: 2026-13-45').replace(/\n---\n[\s\S]*$/, `\n---\n\n${mdxBody}\n`),
        'facts.yml': (t) => t.replace('dispatchDays: { min: 5, max: 7 }', 'dispatchDays: { min: 9, max: 7 }'),
        'products/beef/de.yml': (t) => t.replace(/^intro:.*$/m, ''),
      },
      [
        ['pages/about/es.yml', 'pages/about/es copy.yml'],
        ['pages/bacon', 'pages/Bacon Page'],
      ],
    ))
  }, 120_000)

  it('the build fails', () => expect(failed).toBe(true))

  it('a duplicate YAML key names the file and the line of the second key', () => {
    const line = lineOf(original('ui/de.yml'), 'nav.menu:')
    expect(line).toBeGreaterThan(0)
    expect(output).toMatch(/content\/ui\/de\.yml:\d+:\d+: YAML: duplicate key/)
  })

  it('a YAML syntax error names the file and the line', () => {
    const line = lineOf(original('pages/home/tr.yml'), 'title:')
    expect(problemFor(output, 'pages/home/tr.yml')).toMatch(new RegExp(`content/pages/home/tr\\.yml:${line}:\\d+: YAML: `))
  })

  it('a blank text where a translation is required names file, line and field', () => {
    const line = lineOf(about, 'heading:')
    expect(problemFor(output, 'pages/about/fr.yml', line)).toMatch(/blocks\[0\]\.heading: empty text/)
  })

  it('an impossible date names the field and the line', () => {
    expect(problemFor(output, GUIDE, lineOf(guide, 'updated:'))).toMatch(/updated: 2026-13-45 is not a date/)
  })

  it('<script>, <iframe>, raw HTML, event handlers, javascript: URLs and {expressions} in MDX name the line', () => {
    const bodyStart = guide.split('\n').indexOf('---', 1) + 1 + 2 // the closing ---, then a blank line
    const at = (needle: string) => bodyStart + lineOf(mdxBody, needle) - 1
    expect(problemFor(output, GUIDE, at('<script>'))).toMatch(/<script> is not allowed/)
    expect(problemFor(output, GUIDE, at('<iframe'))).toMatch(/<iframe> is not allowed/)
    expect(problemFor(output, GUIDE, at('<b>'))).toMatch(/raw HTML <b> is not allowed/)
    expect(problemFor(output, GUIDE, at('onClick'))).toMatch(/event handler onClick is not allowed/)
    expect(problemFor(output, GUIDE, at('javascript:'))).toMatch(/javascript: URLs are not allowed/)
    expect(problemFor(output, GUIDE, at('{fooBar}'))).toMatch(/\{fooBar\} is code in MDX/)
  })

  it('an image without alt text names the line', () => {
    const bodyStart = guide.split('\n').indexOf('---', 1) + 1 + 2
    expect(problemFor(output, GUIDE, bodyStart + lineOf(mdxBody, '![](') - 1)).toMatch(/image without alt text/)
  })

  it('a range whose min exceeds its max names the field and the line', () => {
    const line = lineOf(original('facts.yml'), 'dispatchDays:')
    expect(problemFor(output, 'facts.yml', line)).toMatch(/leadTimes\.dispatchDays: min \(9\) is greater than max \(7\)/)
  })

  it('a missing field names the file and the field', () => {
    expect(problemFor(output, 'products/beef/de.yml')).toMatch(/ intro: Required/)
  })

  it('file and folder names with spaces or capitals are named, without a stack trace', () => {
    expect(output).toMatch(/content\/pages\/about\/es copy\.yml: file name "es copy\.yml": use lowercase/)
    expect(output).toMatch(/content\/pages\/Bacon Page: folder name "Bacon Page": use lowercase/)
    expect(output).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/) // no stack frames
  })
})

describe('cross-file mistakes name the file that introduced them', () => {
  const ui = (locale: string) => readFileSync(join(root, 'content/ui', `${locale}.yml`), 'utf8')
  const addKey = (text: string) => text.replace(/^(nav\.home: .*)$/m, '$1\nnav.fooBarHint: "See {fooBar}"')
  let output = ''
  let failed = false

  beforeAll(async () => {
    ;({ output, failed } = await buildWith({
      // {fooBar} in every language: English introduced it.
      ...Object.fromEntries(['en', 'tr', 'de', 'fr', 'es', 'it', 'ar'].map((l) => [`ui/${l}.yml`, addKey])),
      // {dispatchWeeks} only in German: German introduced it.
      'pages/home/de.yml': (t) => t.replace(/^(\s+heading: )"(.*)"$/m, '$1"$2 in {dispatchWeeks} Wochen"'),
      // An action to a page that does not exist, and one that exists but not in Arabic.
      'pages/about/en.yml': (t) => t.replace(/^(\s+to: )contact$/m, '$1contact-us'),
      'pages/about/ar.yml': (t) => t.replace(/^(\s+to: )contact$/m, '$1product/pork'),
      // A UI key defined in two files of one language.
      'ui/forms/fr.yml': (t) => `${t}\nnav.home: Accueil\n`,
      // <Link> and a Markdown link to pages that do not exist.
      [GUIDE]: (t) => `${t}\nSee <Link to="product/goat">goat netting</Link> and [the FAQ](faq-page).\n`,
    }))
  }, 120_000)

  it('the build fails', () => expect(failed).toBe(true))

  it('a placeholder no code fills, added in every language, is blamed on the English file only', () => {
    const line = lineOf(addKey(ui('en')), 'nav.fooBarHint')
    expect(problemFor(output, 'ui/en.yml', line)).toMatch(/nav\.fooBarHint: \{fooBar\} is not filled in by anything.*Copied into ar, de, es, fr, it, tr/)
    expect(problemFor(output, 'ui/de.yml')).toBe('')
  })

  it('a placeholder added only in a translation is blamed on that translation', () => {
    const de = readFileSync(join(root, 'content/pages/home/de.yml'), 'utf8')
    expect(problemFor(output, 'pages/home/de.yml', lineOf(de, 'heading:'))).toMatch(/blocks\[0\]\.heading: \{dispatchWeeks\} is not filled in/)
    expect(problemFor(output, 'pages/home/en.yml')).toBe('')
  })

  it('an action to a page that does not exist says "does not exist", with file, line and field', () => {
    const en = readFileSync(join(root, 'content/pages/about/en.yml'), 'utf8')
    const line = lineOf(en.replace(/^(\s+to: )contact$/m, '$1contact-us'), 'contact-us')
    expect(problemFor(output, 'pages/about/en.yml', line)).toMatch(/blocks\[\d+\]\.actions\[0\]\.to: link target "contact-us" does not exist/)
  })

  it('an action to a page that exists but not in that language says so', () => {
    expect(problemFor(output, 'pages/about/ar.yml')).toMatch(/link target "product\/pork" exists but has no ar page/)
  })

  it('a UI key defined in two files of one language names both files', () => {
    expect(output).toMatch(/content\/ui\/(forms\/)?fr\.yml:\d+ nav\.home: key "nav\.home" is already defined in content\/ui\/(forms\/)?fr\.yml/)
  })

  it('<Link> and Markdown links to pages that do not exist name the line', () => {
    const guide = readFileSync(join(root, 'content', GUIDE), 'utf8')
    const line = `${guide}\nSee`.split('\n').length
    expect(problemFor(output, GUIDE, line)).toMatch(/link target "product\/goat" does not exist/)
    expect(problemFor(output, GUIDE, line)).toMatch(/link target "faq-page" does not exist/)
  })
})

describe('schema errors keep naming file and field', () => {
  it('an unknown block type on a page', async () => {
    const { failed, output } = await buildWith({ 'pages/about/fr.yml': (t) => t.replace('type: hero', 'type: carousel') })
    expect(failed).toBe(true)
    expect(output).toContain('content/pages/about/fr.yml')
    expect(output).toMatch(/type/)
  }, 120_000)

  it('an unsafe slug in the route table', async () => {
    const { failed, output } = await buildWith({ 'routes.yml': (t) => t.replace('tr: hakkimizda', 'tr: Hakkımızda') })
    expect(failed).toBe(true)
    expect(output).toMatch(/content\/routes\.yml:\d+ pages\.about\.tr: slug must be/)
  }, 120_000)

  it('the unchanged content builds (the control for the cases above), its records in file order', async () => {
    const { failed, output, dir } = await buildWith({})
    expect(output).toBe('')
    expect(failed).toBe(false)
    // velite's directory walk meets files in a different order from build to build; sorted, the
    // same content gives the same output.
    for (const name of ['products', 'pages', 'countries', 'ui', 'guides']) {
      const files = (JSON.parse(readFileSync(join(dir, '.velite', `${name}.json`), 'utf8')) as { file: string }[]).map((r) => r.file)
      expect(files.length, name).toBeGreaterThan(1)
      expect(files, name).toEqual([...files].sort())
    }
  }, 120_000)
})

describe('an MDX syntax error names the line of the fault, not the end of the file', () => {
  const original = (file: string) => readFileSync(join(root, 'content', file), 'utf8')
  const GLOSSARY = 'glossary/en/clipping.mdx'
  const TR_GUIDE = 'guides/tr/meat-netting.mdx'
  /** The file with `lines` put after its `at`th line (1-based); the lines after stay as they were. */
  const insertAfter = (text: string, at: number, lines: string[]) => {
    const all = text.split('\n')
    return [...all.slice(0, at), ...lines, ...all.slice(at)].join('\n')
  }
  const middle = (file: string) => Math.floor(original(file).split('\n').length / 2)
  // Each fault goes in the middle of a file, on its own lines. One fault per file and build: MDX
  // stops at the first.
  const builds: Record<string, string[]>[] = [
    {
      // A block-level tag never closed: MDX's message carries no place of its own.
      [GUIDE]: ['', '<Link to="quote">', ''],
      // A tag never closed on the second line of a paragraph: MDX places the paragraph.
      [GLOSSARY]: ['', 'A first line of a paragraph,', 'then <Spec product="pork" field="diameter"> left open.', ''],
      // A component that does not exist.
      [TR_GUIDE]: ['', 'Bir <Foo name="x" /> bileşen.', ''],
    },
    // A closing quote missing at block level: MDX places the end of the file.
    { [GUIDE]: ['', '<Link to="quote>', ''] },
  ]
  const faultLine = (build: number, file: string) => middle(file) + builds[build]![file]!.findIndex((l) => /<(Link|Spec|Foo)/.test(l)) + 1
  const outputs: string[] = []

  beforeAll(async () => {
    const runs = builds.map((edits) =>
      buildWith(Object.fromEntries(Object.entries(edits).map(([file, lines]) => [file, (t: string) => insertAfter(t, middle(file), lines)]))),
    )
    for (const run of await Promise.all(runs)) outputs.push(run.output)
  }, 120_000)

  it.each([
    ['an unclosed block-level tag', 0, GUIDE, /MDX: Expected a closing tag for `<Link>`/],
    ['an unclosed tag inside a paragraph', 0, GLOSSARY, /MDX: Expected a closing tag for `<Spec>`/],
    ['an unknown component', 0, TR_GUIDE, /<Foo> is not a known component/],
    ['a missing closing quote', 1, GUIDE, /MDX: .*in the tag that starts here, <Link…/],
  ] as const)('%s: file and line of the tag', (_what, build, file, message) => {
    const line = faultLine(build, file)
    expect(line).toBeLessThan(original(file).split('\n').length - 5) // in the middle, not at the end
    expect(problemFor(outputs[build]!, file, line)).toMatch(message)
    expect(problemFor(outputs[build]!, file, line)).toMatch(new RegExp(`content/${file.replace(/[./]/g, '\\$&')}:${line}:\\d+: `))
  })

  it("the tag's position inside MDX's message is the file's too", () => {
    expect(problemFor(outputs[0]!, GLOSSARY)).toContain(`(${faultLine(0, GLOSSARY)}:6-${faultLine(0, GLOSSARY)}:`)
    expect(problemFor(outputs[0]!, GUIDE)).toContain(`(${faultLine(0, GUIDE)}:1-${faultLine(0, GUIDE)}:18)`)
  })
})
