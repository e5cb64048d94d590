// Reads a YAML text straight from its source with line numbers, so every audit message can point
// at file:line (the generated .velite/ JSON has no positions).
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml'

/** A scalar value and where it sits: path ["blocks", "2", "heading"], value null when empty. */
export type Leaf = { path: string[]; value: string | null; line: number }
export type ParsedYaml = {
  leaves: Leaf[]
  /** Line of every map/sequence/scalar by its dotted path, to place "missing here" messages. */
  lines: Map<string, number>
  /** The parsed document as plain data. */
  data?: unknown
  error?: { line: number; message: string }
}

export function yamlLeaves(source: string, firstLine = 1): ParsedYaml {
  const counter = new LineCounter()
  const doc = parseDocument(source, { lineCounter: counter, prettyErrors: false })
  const lineOf = (offset: number | undefined) => counter.linePos(offset ?? 0).line + firstLine - 1
  const [err] = doc.errors
  if (err) return { leaves: [], lines: new Map(), error: { line: lineOf(err.pos[0]), message: err.message.split('\n')[0]! } }

  const leaves: Leaf[] = []
  const lines = new Map<string, number>()
  const walk = (node: Node | null | undefined, path: string[], keyLine: number) => {
    const line = node?.range ? lineOf(node.range[0]) : keyLine
    // A block map or list starts on the line after its key: point at the key instead.
    lines.set(path.join('.'), isScalar(node) || !node ? line : Math.min(line, keyLine))
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key)
        const at = isScalar(pair.key) && pair.key.range ? lineOf(pair.key.range[0]) : line
        walk(pair.value as Node | null, [...path, key], at)
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => walk(item as Node, [...path, String(i)], (item as Node).range ? lineOf((item as Node).range![0]) : line))
    } else if (path.length) {
      const value = isScalar(node) && node.value !== null && node.value !== undefined ? String(node.value) : null
      leaves.push({ path, value, line: isScalar(node) ? Math.min(line, keyLine) : keyLine })
    }
  }
  walk(doc.contents as Node | null, [], firstLine)
  return { leaves, lines, data: doc.toJS() }
}
