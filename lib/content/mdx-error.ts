// An MDX compile error as a content problem at the line of the fault, counted in the whole file
// (front matter included). MDX's own place is not always that line: a tag left open at block level
// has no place at all, one left open inside a paragraph is placed at the paragraph's start, and a
// tag whose `>` or closing quote is missing is placed where the parser gave up, often the end of
// the file. The tag itself is the fault, so it is what the problem names.
import type { Problem } from './problems'

type Point = { line?: number; column?: number; offset?: number }
/** What @mdx-js/mdx throws (a VFileMessage): `place` is a point or a start/end range. */
export type MdxError = { message: string; reason?: string; line?: number; column?: number; place?: Point | { start?: Point; end?: Point }; source?: string }

/** "(3:10-3:41)": the opening tag that mdast-util-mdx-jsx names in its reason, relative to the body. */
const TAG_RANGE = /\((\d+):(\d+)-(\d+):(\d+)\)/g

export function mdxErrorProblem(error: MdxError, file: string, body: string, bodyLine: number): Problem {
  const shift = (line: number) => line + bodyLine - 1
  const reason = error.reason ?? error.message
  const place = error.place && 'start' in error.place ? error.place.start : (error.place as Point | undefined)
  let at: Point | undefined = place?.line ? place : error.line ? { line: error.line, column: error.column } : undefined
  let note = ''
  // "Expected a closing tag for `<Spec>` (9:6-9:44) …": the open tag is the fault.
  const open = /^Expected a closing tag/.test(reason) ? [...reason.matchAll(TAG_RANGE)][0] : undefined
  if (open) at = { line: Number(open[1]), column: Number(open[2]) }
  else if (error.source === 'micromark-extension-mdx-jsx' && place?.offset !== undefined) {
    // The parser stopped inside a tag that began earlier (no `>`, no closing quote): name that tag.
    const start = openTagAt(body, place.offset)
    if (start && start.line !== place.line) {
      note = ` (in the tag that starts here, ${start.name ? `<${start.name}` : '<'}…, which is never closed with ">")`
      at = start
    }
  }
  return {
    file,
    line: at?.line ? shift(at.line) : undefined,
    column: at?.column,
    // The positions inside MDX's reason are the body's: make them the file's, like the line.
    message: `MDX: ${reason.replace(TAG_RANGE, (_, l1, c1, l2, c2) => `(${shift(Number(l1))}:${c1}-${shift(Number(l2))}:${c2})`)}${note}`,
  }
}

/**
 * The JSX tag still open at `offset` of the body, if any: a scan from the start that knows
 * quotes and {…} inside tags and skips code (fenced blocks and `inline code`), where `<` is text.
 */
export function openTagAt(body: string, offset: number): { line: number; column: number; name: string } | undefined {
  let line = 1
  let lineStart = 0
  let tag: { line: number; column: number; name: string } | undefined
  let quote = ''
  let braces = 0
  let fence = /^ {0,3}(```|~~~)/.test(body)
  for (let i = 0; i < offset && i < body.length; i++) {
    const c = body[i]!
    if (c === '\n') {
      line += 1
      lineStart = i + 1
      if (!tag && /^ {0,3}(```|~~~)/.test(body.slice(lineStart, lineStart + 6))) fence = !fence
      continue
    }
    if (fence) continue
    if (!tag) {
      if (c === '`') {
        const run = /^`+/.exec(body.slice(i))![0]
        const close = body.indexOf(run, i + run.length)
        if (close > 0 && close < offset && !body.slice(i, close).includes('\n\n')) {
          for (let j = i; j < close; j++)
            if (body[j] === '\n') {
              line += 1
              lineStart = j + 1
            }
          i = close + run.length - 1
        }
        continue
      }
      if (c === '<' && /[A-Za-z/>]/.test(body[i + 1] ?? '')) {
        tag = { line, column: i - lineStart + 1, name: /^<\/?([A-Za-z][\w.:-]*)/.exec(body.slice(i))?.[1] ?? '' }
        quote = ''
        braces = 0
      }
    } else if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (c === '{') braces += 1
    else if (c === '}') braces = Math.max(0, braces - 1)
    else if (c === '>' && !braces) tag = undefined
  }
  return tag
}
