// npm run audit:diff -- --base <dir> --head <dir> [--base-content <dir> [--head-content content]] [--preview-url URL | --preview-note TEXT] [--out file.md]
// Compares two audit outputs (see lib/audit/report-diff.ts) and prints the PR comment markdown.
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { englishChanges } from '../../lib/audit/english-changes'
import { diffAudits, diffMarkdown, readAuditOutput } from '../../lib/audit/report-diff'

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    head: { type: 'string', default: 'reports/audit' },
    'preview-url': { type: 'string' },
    'preview-note': { type: 'string' },
    out: { type: 'string' },
    // The base branch's content/ (the English before): adds each changed English text, the
    // locales it makes stale and a word diff.
    'base-content': { type: 'string' },
    'head-content': { type: 'string', default: 'content' },
  },
})
const head = readAuditOutput(values.head!)
if (!head) {
  console.error(`audit:diff: no audit output in ${values.head} (run npm run audit -- --out ${values.head})`)
  process.exit(2)
}
const base = values.base ? readAuditOutput(values.base) : undefined
const english = values['base-content'] ? englishChanges(values['base-content'], values['head-content']!) : []
const markdown = diffMarkdown(diffAudits(base, head), { previewUrl: values['preview-url'] || undefined, previewNote: values['preview-note'], english })
if (values.out) writeFileSync(values.out, markdown)
else process.stdout.write(markdown)
