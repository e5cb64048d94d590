// Content problems: one shape for every check (loaders, schemas, MDX, cross-file rules), always
// naming the file and a line or a field, so a writer can jump straight to the mistake.
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml'

export type Problem = { file: string; line?: number; column?: number; field?: string; message: string }

/** "content/pages/about/fr.yml:12:5 blocks[0].heading: Required" */
export function formatProblem(p: Problem): string {
  const where = p.line ? `${p.file}:${p.line}${p.column ? `:${p.column}` : ''}` : p.file
  return `${where}${p.field ? ` ${p.field}` : ''}: ${p.message}`
}

export function formatProblems(problems: Problem[]): string {
  const n = problems.length
  return `${n} content problem${n === 1 ? '' : 's'}:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`
}

export const byPlace = (a: Problem, b: Problem) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0)

/** A parsed YAML text that can tell the line of any field path ("blocks", 0, "heading"). */
export type LineMap = { lineOf(path: (string | number)[]): number | undefined }

export function yamlLineMap(doc: Document, counter: LineCounter, firstLine = 1): LineMap {
  return {
    lineOf(path) {
      let node: unknown = doc.contents
      let line: number | undefined
      const at = (n: unknown) => {
        const range = (n as { range?: [number, number, number] } | null)?.range
        if (range) line = counter.linePos(range[0]).line + firstLine - 1
      }
      at(node)
      // Keys may themselves hold dots ("nav.home"), so try the longest run of segments first.
      for (let i = 0; i < path.length; ) {
        let advanced = false
        if (isSeq(node) && typeof path[i] === 'number') {
          node = node.items[path[i] as number]
          i += 1
          advanced = true
        } else if (isMap(node)) {
          const map = node
          for (let j = path.length; j > i && !advanced; j--) {
            const key = path.slice(i, j).join('.')
            const pair = map.items.find((p) => isScalar(p.key) && String(p.key.value) === key)
            if (pair) {
              at(pair.key)
              node = pair.value
              i = j
              advanced = true
            }
          }
        }
        if (!advanced || !node) return line
        at(node)
      }
      return line
    },
  }
}

/** Parses YAML strictly (duplicate keys are errors); throws nothing, returns the problems. */
export function parseYaml(text: string, file: string, firstLine = 1) {
  const counter = new LineCounter()
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: true })
  const problems: Problem[] = doc.errors.map((e) => {
    const pos = e.linePos?.[0]
    const message =
      e.code === 'DUPLICATE_KEY' ? 'duplicate key: this key is already defined above in the same block' : e.message.replace(/ at line \d+, column \d+.*$/s, '')
    return { file, line: pos ? pos.line + firstLine - 1 : undefined, column: pos?.col, message: `YAML: ${message}` }
  })
  return { data: problems.length ? undefined : (doc.toJS() as unknown), lines: yamlLineMap(doc, counter, firstLine), problems }
}

/** velite's issue source "blocks.[0].heading" → ["blocks", 0, "heading"]. */
export const sourcePath = (source: string): (string | number)[] =>
  source ? source.split('.').map((s) => (/^\[\d+\]$/.test(s) ? Number(s.slice(1, -1)) : s)) : []

/** ["blocks", 0, "heading"] → "blocks[0].heading" */
export const fieldName = (path: (string | number)[]) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join('')
