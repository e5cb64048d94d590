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

/**
 * The check of one page (its file under `outDir` and its HTML): the placeholders left on it, each
 * named with the content files of its language that hold it. For a caller that reads each page once
 * for several purposes (scripts/postbuild.ts).
 */
export function placeholderCheck(outDir: string, contentDir: string, locales: string[], defaultLocale: string): (page: string, html: string) => string[] {
  // Read only when a page has a placeholder: naming its source is the rare case, and a large catalogue has thousands of files.
  let read: { path: string; text: string }[] | undefined
  const content = () => {
    read ??= files(contentDir, (n) => /\.(ya?ml|mdx)$/.test(n) && !n.startsWith('_')).map((path) => ({ path, text: readFileSync(path, 'utf8') }))
    return read
  }
  return (page, text) => {
    // Most pages have no "{name}" anywhere, scripts included: one scan of the page says so.
    if (text.search(PLACEHOLDER) < 0) return []
    const names = new Set([...pageText(text).matchAll(PLACEHOLDER)].map((m) => m[1]!))
    if (!names.size) return []
    const url = `/${relative(outDir, page).split('\\').join('/')}`.replace(/index\.html$/, '')
    const first = url.split('/')[1] ?? ''
    const locale = locales.includes(first) ? first : defaultLocale
    return [...names].map((name) => {
      const sources = content()
        .filter((f) => f.text.includes(`{${name}}`) && [locale, undefined].includes(localeOfFile(f.path)))
        .map((f) => relative(process.cwd(), f.path).split('\\').join('/'))
      return `${url}: "{${name}}" is on the page unfilled${sources.length ? `; it comes from ${sources.join(', ')}` : ''}`
    })
  }
}

/** Every placeholder left on the HTML pages under `outDir`, each page read in turn. */
export function leftoverPlaceholders(outDir: string, contentDir: string, locales: string[], defaultLocale: string): string[] {
  const check = placeholderCheck(outDir, contentDir, locales, defaultLocale)
  return files(outDir, (n) => n.endsWith('.html')).flatMap((page) => check(page, readFileSync(page, 'utf8')))
}
