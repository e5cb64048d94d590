// The rebuilds `npm run bench` measures after each cold build, in the same copy, so that every
// cache in .generated/ is kept (what a developer or a CI that keeps .generated/ pays):
//   - unchanged: the same content again; its output must be the cold build's, byte for byte;
//   - one file edited: a translator's typical pull request, one sentence added to one Turkish
//     guide; only that page, its language's search index and what lists it are redone;
//   - one UI string edited: the other typical one, a Turkish string every Turkish page shows;
//     only the Turkish pages, sheets and search index are redone.
// And the check that makes the caches trustworthy: at the smallest factor the edited copy is
// also built cold (a fresh copy without .generated/), and both outputs must be equal.
import { createHash } from 'node:crypto'
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { filesUnder } from '../../lib/build/files-under'

/** JSON.stringify's replacer that sorts every object's keys: Pagefind writes its entry file's languages in any order. */
const sortKeys = (_: string, v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v

function sortedJson(file: string): string {
  try {
    return JSON.stringify(JSON.parse(readFileSync(file, 'utf8')), sortKeys)
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message})`)
  }
}

/** Every file of a built site and the hash of its bytes (of a JSON file, of its data, keys sorted). */
export function treeHashes(dist: string): Map<string, string> {
  const out = new Map<string, string>()
  if (!existsSync(dist)) return out
  for (const file of filesUnder(dist)) {
    const text = file.endsWith('.json') ? sortedJson(file) : readFileSync(file)
    out.set(relative(dist, file), createHash('sha1').update(text).digest('hex'))
  }
  return out
}

/** Files that differ between two trees (added, removed or changed), sorted. */
export function treeDiff(a: Map<string, string>, b: Map<string, string>): string[] {
  const names = new Set([...a.keys(), ...b.keys()])
  return [...names].filter((n) => a.get(n) !== b.get(n)).sort()
}

/** The edit: one sentence added at the end of the first Turkish guide. Returns the file, relative to the copy. */
export function editOneGuide(dir: string): string {
  const guides = join(dir, 'content/guides/tr')
  const file = readdirSync(guides)
    .filter((f) => f.endsWith('.mdx'))
    .sort()[0]
  if (!file) throw new Error(`bench: no Turkish guide in ${guides} to edit`)
  appendFileSync(join(guides, file), '\nFileler tütsüleme öncesinde, ürün soğukken takılır.\n')
  return relative(dir, join(guides, file))
}

/** The edit: the Turkish menu button's label, which every Turkish page shows. Returns the file, relative to the copy. */
export function editOneUiString(dir: string): string {
  const file = join(dir, 'content/ui/tr.yml')
  const text = readFileSync(file, 'utf8')
  // Quoted in the repository; a multiplied copy's YAML is written again, without the quotes.
  const edited = text.replace(
    /^nav\.menu: (?:"([^"]*)"|(.*))$/m,
    (_, quoted: string | undefined, plain: string | undefined) => `nav.menu: "${quoted ?? plain} ≡"`,
  )
  if (edited === text) throw new Error(`bench: no nav.menu string in ${file} to edit`)
  writeFileSync(file, edited)
  return relative(dir, file)
}
