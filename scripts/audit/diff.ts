// npm run audit:diff -- --base <dir> --head <dir> [--preview-url URL | --preview-note TEXT] [--out file.md]
// Compares two audit outputs (see lib/audit/report-diff.ts) and prints the PR comment markdown.
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { diffAudits, diffMarkdown, readAuditOutput } from '../../lib/audit/report-diff'

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    head: { type: 'string', default: 'reports/audit' },
    'preview-url': { type: 'string' },
    'preview-note': { type: 'string' },
    out: { type: 'string' },
  },
})
const head = readAuditOutput(values.head!)
if (!head) {
  console.error(`audit:diff: no audit output in ${values.head} (run npm run audit -- --out ${values.head})`)
  process.exit(2)
}
const base = values.base ? readAuditOutput(values.base) : undefined
const markdown = diffMarkdown(diffAudits(base, head), { previewUrl: values['preview-url'] || undefined, previewNote: values['preview-note'] })
if (values.out) writeFileSync(values.out, markdown)
else process.stdout.write(markdown)
