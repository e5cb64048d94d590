// Comments that speak to the audit, written next to the key they are about:
//   English files:      # note: Shown on the product page's order button.
//                       # max-length: 24
//   translation files:  # qa-allow qa-repeated-word: "yavaş yavaş" is correct Turkish
// in the comment lines directly above a YAML key (also in an MDX file's frontmatter), or for an
// MDX body as {/* qa-allow <check>: <reason> */} anywhere in it. A silence names one check and
// one key and must give a reason; nothing silences a check for a whole file or locale.

export type Silence = { check: string; reason: string; line: number }
export type Directives = { note?: string; maxLength?: number; silences: Silence[]; bad: { line: number; message: string }[] }

const ALLOW = /^qa-allow\s+([\w-]+)\s*(?::\s*(.*))?$/

/** The directives in the comment block directly above `line` (1-based) of a file's lines. */
export function directivesAbove(lines: string[], line: number): Directives {
  const found: Directives = { silences: [], bad: [] }
  for (let i = line - 2; i >= 0; i--) {
    const raw = lines[i]!.trim()
    if (!raw.startsWith('#')) break
    read(raw.replace(/^#+\s*/, ''), i + 1, found)
  }
  return found
}

/** The {/* qa-allow … *\/} comments of an MDX body; `firstLine` is the body's first line. */
export function directivesInBody(body: string, firstLine: number): Directives {
  const found: Directives = { silences: [], bad: [] }
  for (const m of body.matchAll(/\{\/\*\s*(qa-allow[^*]*?)\s*\*\/\}/g)) {
    read(m[1]!, firstLine + body.slice(0, m.index).split('\n').length - 1, found)
  }
  return found
}

function read(comment: string, line: number, found: Directives) {
  const allow = ALLOW.exec(comment)
  if (allow) {
    const reason = allow[2]?.trim()
    if (!reason) found.bad.push({ line, message: `qa-allow ${allow[1]} needs a reason after a colon: "# qa-allow ${allow[1]}: <why this is right>"` })
    else found.silences.push({ check: allow[1]!, reason, line })
    return
  }
  const note = /^note:\s*(.+)$/.exec(comment)
  if (note) found.note = found.note ? `${note[1]} ${found.note}` : note[1]
  const max = /^max-length:\s*(\d+)\s*$/.exec(comment)
  if (max) found.maxLength = Number(max[1])
}
