// Term forms matched against a text's words. A form is one or more words; `*` at the start or end
// of a word allows any letters there ("file*" matches "fileyi", "*الشبكة" matches "بالشبكة").
// Matching is on words (runs of letters), text and forms lower-cased in their locale, so a form
// never matches inside a longer word. Words are bucketed by their first (or last) two letters:
// one regular expression per form was slow to compile, and a site has thousands of texts.

export type Token = { word: string; start: number; end: number }
type Part = { core: string; prefix: boolean; suffix: boolean }
type Form = { parts: Part[] }
export type FormMatcher = { find(tokens: Token[]): { start: number; end: number } | undefined; size: number }

const WORD = /[\p{L}\p{M}]+/gu
// Arabic short vowels, shadda and sukun (U+064B–0652) and the tatweel (U+0640) are optional in
// writing: "المبرّدة" is "المبردة". Words and forms are compared without them.
const OPTIONAL = /[\u0640\u064B-\u0652]/g
export const bare = (word: string) => word.replace(OPTIONAL, '')

export function tokens(text: string): Token[] {
  const out: Token[] = []
  for (const m of text.matchAll(WORD)) out.push({ word: bare(m[0]), start: m.index, end: m.index + m[0].length })
  return out
}

const parse = (form: string): Form => ({
  parts: form
    .split(/[^\p{L}\p{M}*]+/u)
    .filter(Boolean)
    .map(bare)
    .map((w) => ({ core: w.replace(/^\*|\*$/g, ''), prefix: w.startsWith('*'), suffix: w.length > 1 && w.endsWith('*') })),
})

const fits = (part: Part, word: string) =>
  part.prefix && part.suffix ? word.includes(part.core) : part.prefix ? word.endsWith(part.core) : part.suffix ? word.startsWith(part.core) : word === part.core

/** `forms` already lower-cased in the locale of the texts they will be matched against. */
export function formMatcher(forms: string[]): FormMatcher {
  const byHead = new Map<string, Form[]>()
  const byTail = new Map<string, Form[]>()
  const loose: Form[] = []
  for (const text of forms) {
    const form = parse(text)
    const first = form.parts[0]
    if (!first?.core) continue
    const add = (map: Map<string, Form[]>, key: string) => map.set(key, [...(map.get(key) ?? []), form])
    if (!first.prefix) add(byHead, first.core.slice(0, 2))
    else if (!first.suffix) add(byTail, first.core.slice(-2))
    else loose.push(form)
  }
  const at = (list: Form[] | undefined, toks: Token[], i: number) => {
    for (const form of list ?? []) {
      if (i + form.parts.length > toks.length) continue
      if (form.parts.every((part, k) => fits(part, toks[i + k]!.word))) return { start: toks[i]!.start, end: toks[i + form.parts.length - 1]!.end }
    }
    return undefined
  }
  return {
    size: forms.length,
    find(toks) {
      for (let i = 0; i < toks.length; i++) {
        const word = toks[i]!.word
        const hit =
          at(byHead.get(word.slice(0, 2)), toks, i) ??
          at(byHead.get(word.slice(0, 1)), toks, i) ??
          at(byTail.get(word.slice(-2)), toks, i) ??
          at(byTail.get(word.slice(-1)), toks, i) ??
          at(loose, toks, i)
        if (hit) return hit
      }
      return undefined
    },
  }
}
