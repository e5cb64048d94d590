// Reads a YAML text straight from its source with line numbers, so every audit message can point
// at file:line (the generated .velite/ JSON has no positions).
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml'

/** A scalar value and where it sits: key "blocks.2.heading", field "heading", value null when empty. */
export type Leaf = { key: string; field: string; value: string | null; line: number; link?: string }
export type ParsedYaml = {
  leaves: Leaf[]
  /** Line of every map/sequence/scalar by its dotted path, to place "missing here" messages. */
  lines: Map<string, number>
  /** The parsed document as plain data. */
  data?: unknown
  error?: { line: number; message: string }
}

export type LeafOptions = {
  /** Line number of the source's first line (frontmatter starts on line 2). */
  firstLine?: number
  /** "to": list items holding a link are keyed by their target, "actions.[downloads]", not by
   * position, so a translation may drop or reorder links; each leaf knows its link. */
  linkField?: string
  /** Also return the document as plain data (costs time: only for config files). */
  data?: boolean
}

export function yamlLeaves(source: string, { firstLine = 1, linkField, data = false }: LeafOptions = {}): ParsedYaml {
  const counter = new LineCounter()
  const doc = parseDocument(source, { lineCounter: counter, prettyErrors: false })
  const lineOf = (offset: number | undefined) => counter.linePos(offset ?? 0).line + firstLine - 1
  const [err] = doc.errors
  if (err) return { leaves: [], lines: new Map(), error: { line: lineOf(err.pos[0]), message: err.message.split('\n')[0]! } }

  const leaves: Leaf[] = []
  const lines = new Map<string, number>()
  const linkOf = (item: unknown) => {
    const value = linkField && isMap(item) ? item.get(linkField) : undefined
    return typeof value === 'string' && value ? value : undefined
  }
  // `field` is the last map key on the path: list indexes ("0", "[quote]") are not fields.
  const walk = (node: Node | null | undefined, key: string, field: string, keyLine: number, link: string | undefined) => {
    const line = node?.range ? lineOf(node.range[0]) : keyLine
    // A block map or list starts on the line after its key: point at the key instead.
    lines.set(key, isScalar(node) || !node ? line : Math.min(line, keyLine))
    const child = (name: string) => (key ? `${key}.${name}` : name)
    if (isMap(node)) {
      for (const pair of node.items) {
        const name = isScalar(pair.key) ? String(pair.key.value) : String(pair.key)
        const at = isScalar(pair.key) && pair.key.range ? lineOf(pair.key.range[0]) : line
        walk(pair.value as Node | null, child(name), name, at, link)
      }
    } else if (isSeq(node)) {
      const links = node.items.map(linkOf)
      const named = links.filter(Boolean)
      const unique = new Set(named).size === named.length
      node.items.forEach((item, i) => {
        const own = unique ? links[i] : undefined
        const range = (item as Node).range
        walk(item as Node, child(own ? `[${own}]` : String(i)), field, range ? lineOf(range[0]) : line, own ?? link)
      })
    } else if (key) {
      const value = isScalar(node) && node.value !== null && node.value !== undefined ? String(node.value) : null
      leaves.push({ key, field, value, line: isScalar(node) ? Math.min(line, keyLine) : keyLine, ...(link ? { link } : {}) })
    }
  }
  walk(doc.contents as Node | null, '', '', firstLine, undefined)
  return { leaves, lines, ...(data ? { data: doc.toJS() } : {}) }
}
