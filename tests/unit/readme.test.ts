// The README and the docs are the first thing the next engineer reads, so what they state must
// stay true as the code moves: every npm script they tell someone to run exists, every path the
// README and docs/ARCHITECTURE.md name exists, every section or heading they point to is there,
// and the languages the README lists are the ones content/locales.yml builds. Counts that rot
// (tests, pages) stay out of the README unless this file computes them. And both fit on a page:
// a newcomer reads them whole, so they keep the design and its reasons, and the history of what
// was tried lives in the commit messages (issue 42).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(join(root, file), 'utf8')
const readme = read('README.md')
const docs = [
  'README.md',
  'TRANSLATING.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]
const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>)

// Written by the build, the tests or the local backend, so absent from a fresh clone.
const GENERATED = ['.velite/', '.generated/', '.turbo/', 'dist/', 'reports/', '.data/']

const topLevel = new Set(readdirSync(root))

/** The most lines each of the two documents every newcomer reads may have. */
const LINE_LIMITS: Record<string, number> = { 'README.md': 150, 'docs/ARCHITECTURE.md': 250 }

/** Lines as `wc -l` counts them: a final newline ends the last line, it does not start another. */
const lineCount = (text: string) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0))

/** "file: N lines, limit M" for each document over its limit; `texts` maps a file to its text. */
function overLimit(texts: Record<string, string>, limits = LINE_LIMITS): string[] {
  return Object.entries(limits).flatMap(([file, limit]) => {
    const lines = lineCount(texts[file] ?? '')
    return lines > limit ? [`${file}: ${lines} lines, limit ${limit}`] : []
  })
}

/**
 * Where a text cites a section or a heading of a document ("docs/X.md §5", "docs/X.md, "Heading"")
 * that the document does not have.
 */
function missingCitations(text: string): string[] {
  const missing: string[] = []
  // `docs/X.md` §5 → a heading "## 5." in that file; docs/X.md, "Heading" → a heading with that text.
  for (const m of text.matchAll(/((?:docs\/)?[A-Z-]+\.md)`?,? (?:§(\d+)|"([^"]+)")/g)) {
    const [, file, section, heading] = m
    const headings = read(file!)
      .split('\n')
      .filter((line) => line.startsWith('#'))
    const found = section ? headings.some((h) => new RegExp(`^#+ ${section}\\.`).test(h)) : headings.some((h) => h.includes(heading!))
    if (!found) missing.push(m[0])
  }
  return missing
}

/**
 * Backticked tokens of a markdown text that name a file or folder from the repository's root:
 * `lib/routing/`, `docs/HOSTING.md`, `budgets.json`. Bare names inside a folder ("locales.yml"
 * in the content/ row) are checked against their row's folder below.
 */
function repoPaths(text: string): string[] {
  const tokens = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!)
  return tokens.filter((t) => {
    if (/[<>*…{}]/.test(t) || GENERATED.some((g) => t.startsWith(g))) return false
    const first = t.split('/')[0]!
    // A path whose first folder is not in the repository at all is a path that rotted too.
    return t.includes('/')
      ? /^(\.github|content|lib|renderer|pages|components|scripts|server|supabase|tests|docs|public)$/.test(first) || topLevel.has(first)
      : /^[A-Z-]+\.md$|^[\w.-]+\.json$/.test(t)
  })
}

describe('README and docs', () => {
  it('name only npm scripts that package.json defines', () => {
    const missing = docs.flatMap((file) =>
      [...read(file).matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!).flatMap((name) => (scripts.includes(name) ? [] : [`${file}: npm run ${name}`])),
    )
    expect(missing).toEqual([])
    // `npm start` and `npm test` are npm's shorthands for these two scripts.
    for (const short of ['start', 'test']) if (readme.includes(`npm ${short}`)) expect(scripts).toContain(short)
  })

  it('README: every path it names exists', () => {
    const paths = repoPaths(readme).map((p) => p.replace(/:\d+$/, ''))
    expect(paths.length).toBeGreaterThan(20)
    expect(paths.filter((p) => !existsSync(join(root, p)))).toEqual([])
  })

  it('README: every file or folder in "Where things live" exists under its folder', () => {
    const section = readme.split('## Where things live')[1]!.split('\n## ')[0]!
    const rows = section.split('\n').filter((line) => line.startsWith('| `'))
    expect(rows.length).toBeGreaterThan(5)
    const missing: string[] = []
    for (const row of rows) {
      const [, where, what] = row.split('|')
      const folders = [...where!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)
      for (const folder of folders) if (!existsSync(join(root, folder))) missing.push(folder)
      // A bare name ("locales.yml", "ui/") in the description is inside the row's folder.
      for (const name of [...what!.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!)) {
        if (!/\/$|\.\w+$/.test(name) || /[<>+]/.test(name)) continue
        const candidates = name.includes('/') && existsSync(join(root, name.split('/')[0]!)) ? [name] : folders.map((f) => join(f, name))
        if (!candidates.some((c) => existsSync(join(root, c)))) missing.push(`${folders.join(', ')}: ${name}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('README: every link to a file, and every section or quoted heading it cites, exists', () => {
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^https?:/.test(l))
    expect(links.filter((l) => !existsSync(join(root, l)))).toEqual([])
    expect(missingCitations(readme)).toEqual([])
  })

  it('docs/ARCHITECTURE.md: every path, linked file and cited heading it names exists', () => {
    const architecture = read('docs/ARCHITECTURE.md')
    const paths = repoPaths(architecture).map((p) => p.replace(/:\d+$/, ''))
    expect(paths.length).toBeGreaterThan(20)
    expect(paths.filter((p) => !existsSync(join(root, p)))).toEqual([])
    const links = [...architecture.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^https?:/.test(l))
    expect(links.filter((l) => !existsSync(join(root, 'docs', l)))).toEqual([])
    expect(missingCitations(architecture)).toEqual([])
  })

  it('README and docs/ARCHITECTURE.md fit within their line limits', () => {
    expect(overLimit(Object.fromEntries(Object.keys(LINE_LIMITS).map((file) => [file, read(file)])))).toEqual([])
  })

  it('the line limit counts lines as wc -l does, and one line over fails', () => {
    const lines = (n: number) => 'a line\n'.repeat(n)
    expect([lineCount(''), lineCount('one'), lineCount('one\n'), lineCount('one\n\ntwo\n')]).toEqual([0, 1, 1, 3])
    const limit = LINE_LIMITS['README.md']!
    expect(overLimit({ 'README.md': lines(limit), 'docs/ARCHITECTURE.md': '' })).toEqual([])
    expect(overLimit({ 'README.md': lines(limit + 1), 'docs/ARCHITECTURE.md': '' })).toEqual([`README.md: ${limit + 1} lines, limit ${limit}`])
    // Without a final newline the last line still counts.
    expect(overLimit({ 'README.md': `${lines(limit)}one more` })).toEqual([`README.md: ${limit + 1} lines, limit ${limit}`])
  })

  it('README: the languages it lists are the locales the site builds, in their order', () => {
    const locales = parse(read('content/locales.yml')) as { code: string; dir: string }[]
    const names = new Intl.DisplayNames('en', { type: 'language' })
    const expected = locales.map((l) => names.of(l.code)!)
    const listed = readme.match(/in \*\*([^*]+)\*\*/)?.[1]
    expect(listed, 'README: the opening paragraph lists the languages in bold').toBeDefined()
    expect(listed!.split(/, | and /)).toEqual(expected)
    // Right-to-left is called out for exactly the right-to-left locales.
    const rtl = locales.filter((l) => l.dir === 'rtl').map((l) => names.of(l.code))
    expect(readme).toMatch(new RegExp(`\\*\\*[^*]*(?:${rtl.join('|')})\\*\\* \\(right-to-left\\)`))
  })

  it('README: states no count that nothing keeps true', () => {
    // A number of tests or pages changes with every feature; only counts computed here may appear.
    const locales = (parse(read('content/locales.yml')) as unknown[]).length
    const counts = [...readme.matchAll(/(?:~|about )?(\d[\d,]*) (unit tests|tests|specs|pages|languages|locales)\b/g)]
    const wrong = counts
      .filter(([, n]) => n !== '404') // "404 pages" are not-found pages, not a count
      .filter(([, n, what]) => !(/languages|locales/.test(what!) && Number(n!.replace(',', '')) === locales))
      .map((m) => m[0])
    expect(wrong).toEqual([])
  })
})
