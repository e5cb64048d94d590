// Compliance documents the company publishes by dropping a PDF into
// content/documents/<document>/<lang>_<YYYY-MM-DD>.pdf, where <document> is an item id of the
// downloads page (content/pages/downloads/en.yml) and <lang> a locale code or "all". A file
// that breaks the rule fails the build with its path and the rule; nothing is guessed.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export type ComplianceFile = { id: string; lang: string; date: string; source: string; bytes: number }

const NAME = /^([a-z]{2}|all)_(\d{4})-(\d{2})-(\d{2})\.pdf$/

/** `generated`: item ids the build makes itself (the size chart), for which a dropped file is an error. */
export function complianceFiles(root: string, documentIds: string[], locales: string[], generated: string[] = []): ComplianceFile[] {
  if (!existsSync(root)) return []
  const files: ComplianceFile[] = []
  for (const id of readdirSync(root).sort()) {
    const dir = join(root, id)
    if (!statSync(dir).isDirectory()) {
      if (id !== 'README.md') throw new Error(`${dir}: put each document in a folder named after it, e.g. ${root}/fda-statement/en_2026-05-04.pdf`)
      continue
    }
    if (generated.includes(id)) throw new Error(`${dir}: the build generates "${id}" from content/facts.yml in every language; remove this folder`)
    if (!documentIds.includes(id)) throw new Error(`${dir}: "${id}" is not a document of the downloads page; use one of: ${documentIds.join(', ')}`)
    for (const name of readdirSync(dir).sort()) {
      const source = join(dir, name)
      const m = NAME.exec(name)
      if (!m) throw new Error(`${source}: name it <lang>_<YYYY-MM-DD>.pdf, e.g. en_2026-05-04.pdf (<lang>: ${locales.join(', ')} or all)`)
      const [, lang, y, mo, d] = m as unknown as [string, string, string, string, string]
      if (lang !== 'all' && !locales.includes(lang))
        throw new Error(`${source}: "${lang}" is not a locale of content/locales.yml (${locales.join(', ')}, or all)`)
      const date = `${y}-${mo}-${d}`
      const parsed = new Date(`${date}T00:00:00Z`)
      if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) throw new Error(`${source}: ${date} is not a real date`)
      const bytes = statSync(source).size
      if (bytes < 8) throw new Error(`${source}: the file is empty`)
      files.push({ id, lang, date, source, bytes })
    }
  }
  return files
}
