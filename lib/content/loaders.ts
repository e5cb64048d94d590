// velite loaders for YAML and MDX that parse strictly and remember, per file, where each field
// is (line map) and what went wrong, so every later check can name file + line. velite's own
// loaders throw a bare YAML error (no file name) and accept duplicate keys.
import { relative, sep } from 'node:path'
import { defineLoader, type VeliteFile } from 'velite'

type VFile = Parameters<Parameters<typeof defineLoader>[0]['load']>[0]
import { type LineMap, type Problem, parseYaml } from './problems'

export type LoadedFile = {
  /** "content/pages/about/fr.yml", for messages */
  file: string
  /** velite's file: schema issues end up in its messages */
  vfile: VeliteFile
  lines: LineMap
  /** MDX: the line of the file where the body starts */
  bodyLine: number
  problems: Problem[]
  /** MDX: link targets found in the body (<Link to>, Markdown links), with their lines */
  links: { target: string; line?: number }[]
  /** MDX: <Spec product field> and <Fact name> attribute values, checked against facts.yml */
  uses: { component: string; attribute: string; value: string; line?: number }[]
}

/** Every content file loaded in this process, by absolute path (`npm run dev` builds again in the same process: a deleted file stays listed, checks.ts skips it). */
export const loaded = new Map<string, LoadedFile>()

let root = 'content'
/** The content folder velite reads (velite.config.ts: root). */
export function setContentRoot(dir: string) {
  root = dir
}
export const displayPath = (path: string) => `content/${relative(root, path).split(sep).join('/')}`

const NO_DATA = {} // parsed nothing: schema issues for this file are noise next to the syntax error

// `npm run dev` builds every file after each save (scripts/dev.ts); a file whose text did not
// change is not parsed again. The data is copied out, since velite's schemas and the checks may
// change what they are given.
const parsedText = new Map<string, { text: string; parsed: ReturnType<typeof parseYaml> }>()
function parseYamlOnce(path: string, text: string, file: string, firstLine?: number): ReturnType<typeof parseYaml> {
  let hit = parsedText.get(path)
  if (hit?.text !== text) {
    hit = { text, parsed: parseYaml(text, file, firstLine) }
    parsedText.set(path, hit)
  }
  const { data, lines, problems } = hit.parsed
  return { data: structuredClone(data), lines, problems: [...problems] }
}

export const yamlLoader = defineLoader({
  test: /\.ya?ml$/,
  load: (vfile: VFile) => {
    const file = displayPath(vfile.path)
    const { data, lines, problems } = parseYamlOnce(vfile.path, vfile.toString(), file)
    loaded.set(vfile.path, { file, vfile: vfile as VeliteFile, lines, bodyLine: 1, problems, links: [], uses: [] })
    return { data: data ?? NO_DATA }
  },
})

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n?---(?:\r?\n|$)/

export const mdxLoader = defineLoader({
  test: /\.mdx?$/,
  load: (vfile: VFile) => {
    const file = displayPath(vfile.path)
    const text = vfile.toString()
    const match = text.match(FRONT_MATTER)
    const problems: Problem[] = []
    if (!match) problems.push({ file, line: 1, message: 'front matter missing: the file must start with a "---" line, the fields, and another "---" line' })
    const parsed = parseYamlOnce(vfile.path, match?.[1] ?? '', file, 2)
    problems.push(...parsed.problems)
    const body = match ? text.slice(match[0].length) : text
    const bodyLine = match ? match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0) + 1 : 1
    loaded.set(vfile.path, { file, vfile: vfile as VeliteFile, lines: parsed.lines, bodyLine, problems, links: [], uses: [] })
    return { data: (parsed.data as object | null) ?? NO_DATA, content: body }
  },
})
