import * as pagefind from 'pagefind'
import { execSync } from 'node:child_process'
import { indexablePages } from './scripts/search-index'
const pages = indexablePages('dist/client')
const orders: Record<string, typeof pages> = {
  sorted: pages,
  reversed: [...pages].reverse(),
  bytes: [...pages].sort((a, b) => Buffer.compare(Buffer.from(a.sourcePath), Buffer.from(b.sourcePath))),
}
for (const [name, list] of Object.entries(orders)) {
  const { index } = await pagefind.createIndex({})
  for (const p of list) await index!.addHTMLFile({ sourcePath: p.sourcePath, content: p.content })
  await index!.writeFiles({ outputPath: `/tmp/pf-${name}` })
  await pagefind.close()
}
for (const name of Object.keys(orders)) console.log(name, execSync(`diff -rq -x pagefind-entry.json /tmp/pf-ref1 /tmp/pf-${name} | wc -l`).toString().trim())
