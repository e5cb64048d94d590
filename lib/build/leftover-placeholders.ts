// The last net for {placeholders} (docs/ARCHITECTURE.md §4): after rendering, no page's text may
// still contain "{name}". lib/content/checks.ts catches them in content before rendering; this
// catches what code leaves unfilled, naming the page and the content files of that language
// that contain the placeholder, so the error points at where it came from.
import { readFileSync } from 'node:fs'
import { basename, relative } from 'node:path'
import { filesUnder } from './files-under'

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9_]*)\}/g

/** Visible text and attribute values of a page: scripts (JSON data, JSON-LD) and styles removed. */
const pageText = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<style\b[\s\S]*?<\/style>/gi, '')

const files = (dir: string, test: (name: string) => boolean): string[] => filesUnder(dir).filter((f) => test(basename(f)))

/** A content file's language: content/ui/de.yml, content/pages/about/de.yml, content/guides/de/x.mdx. */
const localeOfFile = (path: string) => path.match(/\/([a-z]{2})\.yml$/)?.[1] ?? path.match(/\/([a-z]{2})\/[^/]+\.mdx$/)?.[1]

/** `pages` (path → HTML of every page under outDir), when the caller has read them already. */
export function leftoverPlaceholders(outDir: string, contentDir: string, locales: string[], defaultLocale: string, pages?: Map<string, string>): string[] {
  // Read only when a page has a placeholder: naming its source is the rare case, and a large catalogue has thousands of files.
  let read: { path: string; text: string }[] | undefined
  const content = () => {
    read ??= files(contentDir, (n) => /\.(ya?ml|mdx)$/.test(n) && !n.startsWith('_')).map((path) => ({ path, text: readFileSync(path, 'utf8') }))
    return read
  }
  const problems: string[] = []
  const html = pages ?? new Map(files(outDir, (n) => n.endsWith('.html')).map((page) => [page, readFileSync(page, 'utf8')]))
  for (const [page, text] of html) {
    const names = new Set([...pageText(text).matchAll(PLACEHOLDER)].map((m) => m[1]!))
    if (!names.size) continue
    const url = `/${relative(outDir, page).split('\\').join('/')}`.replace(/index\.html$/, '')
    const first = url.split('/')[1] ?? ''
    const locale = locales.includes(first) ? first : defaultLocale
    for (const name of names) {
      const sources = content()
        .filter((f) => f.text.includes(`{${name}}`) && [locale, undefined].includes(localeOfFile(f.path)))
        .map((f) => relative(process.cwd(), f.path).split('\\').join('/'))
      problems.push(`${url}: "{${name}}" is on the page unfilled${sources.length ? `; it comes from ${sources.join(', ')}` : ''}`)
    }
  }
  return problems
}
