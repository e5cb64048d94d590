// An MDX guide or glossary term as audit leaves: each frontmatter field, plus the whole body as
// one unit "body" (translators restructure sections freely, so sections are not matched).
import { yamlLeaves, type ParsedYaml } from './yaml-leaves'

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/

export function mdxLeaves(source: string, linkField?: string): ParsedYaml {
  const match = FRONTMATTER.exec(source)
  const front: ParsedYaml = match ? yamlLeaves(match[1]!, { firstLine: 2, linkField }) : { leaves: [], lines: new Map() }
  if (front.error) return front
  const rest = match ? source.slice(match[0].length) : source
  const before = match ? match[0].split('\n').length - 1 : 0
  const body = rest.replace(/\r\n/g, '\n').trim()
  // The body's line: its first non-blank line in the file.
  const blank = rest.slice(0, rest.length - rest.trimStart().length)
  const line = before + 1 + blank.split('\n').length - 1
  front.lines.set('body', line)
  front.leaves.push({ key: 'body', field: 'body', value: body || null, line })
  return front
}
