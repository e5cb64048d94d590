// A translatable text as prose for the QA checks: everything that is not words a reader sees
// (placeholders, ICU plural/select syntax, MDX components and comments, link targets, code) is
// blanked out with spaces of the same length, so every offset still points into the original
// text (findings name the line) and no check reads markup as language.

const blank = (match: string) => match.replace(/[^\n]/g, ' ')
/** Placeholders become one private-use character per character: not a letter, not a space. */
const mark = (match: string) => match.replace(/[^\n]/g, '\uE000')

const ICU_HEAD = /\{\s*[\w.-]+\s*,\s*(?:plural|select|selectordinal)\s*,(?:\s*offset:\d+)?/g
const ICU_KEY = /(?:=\d+|zero|one|two|few|many|other|[\w-]+)\s*\{/g

const cache = new Map<string, string>()

/** The prose of a text, offsets kept (remembered: every locale's checks ask for the English). */
export function prose(text: string): string {
  let out = cache.get(text)
  if (out === undefined) {
    if (cache.size > 50_000) cache.clear()
    cache.set(text, (out = proseOf(text)))
  }
  return out
}

function proseOf(text: string): string {
  let out = text
    // MDX comments {/* … */}, components <Spec … />, </Callout>, HTML tags
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, blank)
    .replace(/<\/?[A-Za-z][^<>]*>/g, blank)
    // code spans, link and image targets ](…), bare URLs
    .replace(/`[^`\n]*`/g, blank)
    .replace(/\]\([^)\n]*\)/g, (m) => `]${blank(m.slice(1))}`)
    .replace(/https?:\/\/[^\s)>\]]+/g, blank)
  if (ICU_HEAD.test(out)) {
    out = out.replace(ICU_HEAD, blank)
    // inside an ICU message: the form keys and braces are syntax, # is the number
    out = out.replace(ICU_KEY, blank).replace(/[{}]/g, ' ').replace(/#/g, '\uE000')
  }
  return out.replace(/\{[\w.-]+\}/g, mark)
}

/** Markdown structure at the start of a line (headings, list bullets, table pipes) is not prose. */
export function withoutMarkdown(text: string): string {
  return text.replace(/^[ \t]*(?:#{1,6}[ \t]|[-*+][ \t]|\d+\.[ \t]|>[ \t]?)/gm, blank).replace(/\|/g, ' ')
}
