// `npm run build:github-pages [-- --out <dir>]`: dist/github-pages/, the built site as GitHub Pages serves it
// (docs/HOSTING.md). GitHub Pages reads no `_redirects` or `_headers`, so the legacy links get
// small meta-refresh pages (with a canonical link to the target) and the config files are left out.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { facts, routeTable, routes } from '../lib/content/data'
import { redirectPage, redirects } from '../lib/build/redirects'

const from = 'dist/client'
const at = process.argv.indexOf('--out')
const out = at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : 'dist/github-pages'
if (!existsSync(join(from, 'index.html'))) throw new Error('github-pages: dist/client is missing: run `npm run build` first')
rmSync(out, { recursive: true, force: true })
cpSync(from, out, { recursive: true, filter: (src) => !/[/\\]_(headers|redirects)$/.test(src) })
writeFileSync(join(out, '.nojekyll'), '') // serve every file as it is, no Jekyll processing
const list = redirects(routeTable, routes.legacy, routes.legacyProducts)
for (const r of list) {
  const page = join(out, r.from, 'index.html')
  if (existsSync(page)) throw new Error(`github-pages: legacy link ${r.from} would overwrite a page`)
  mkdirSync(dirname(page), { recursive: true })
  writeFileSync(page, redirectPage(r.to, facts.business.siteUrl))
}
console.log(`github-pages: ${out}/ with ${list.length} meta-refresh pages for the legacy links`)
