// The string format of UI texts and content: plain text with {placeholders}, plus ICU-style plural
// and select forms (documented for translators in TRANSLATING.md, "Plural and select forms"):
//
//   {count, plural, =0 {no rolls} one {# roll} other {# rolls}}
//   {unit, select, rolls {per roll} metres {per metre} other {per unit}}
//
// Plural branches are chosen with Intl.PluralRules of the text's locale (Arabic has zero, one,
// two, few, many and other); "#" is the number, formatted for that locale; "=N" matches exactly.
// A "{" that does not start a valid placeholder stays literal text, as it always did.

export type MessageNode =
  | string
  | { type: 'arg'; name: string }
  | { type: 'pound' }
  | { type: 'plural' | 'select'; name: string; options: Map<string, MessageNode[]>; at: number }

export class MessageSyntaxError extends Error {
  override name = 'MessageSyntaxError'
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message)
  }
}

const NAME = /[a-zA-Z][a-zA-Z0-9_]*/y
const SELECTOR = /=\d+|[a-zA-Z][a-zA-Z0-9_-]*/y
const SPACE = /\s*/y

function sticky(re: RegExp, text: string, at: number): string | undefined {
  re.lastIndex = at
  return re.exec(text)?.[0]
}

/** Parses a text into nodes; throws MessageSyntaxError only inside a started plural/select form. */
export function parseMessage(text: string): MessageNode[] {
  let i = 0
  const skip = () => (i += sticky(SPACE, text, i)!.length)

  const message = (inPlural: boolean, nested: boolean): MessageNode[] => {
    const nodes: MessageNode[] = []
    let literal = ''
    const flush = () => {
      if (literal) nodes.push(literal)
      literal = ''
    }
    while (i < text.length) {
      const c = text[i]!
      if (c === '}' && nested) break
      if (c === '#' && inPlural) {
        flush()
        nodes.push({ type: 'pound' })
        i++
        continue
      }
      if (c === '{') {
        const node = placeholder()
        if (node) {
          flush()
          nodes.push(node)
          continue
        }
      }
      literal += c
      i++
    }
    flush()
    return nodes
  }

  /** At "{": a placeholder or plural/select form, or undefined (then "{" is literal text). */
  const placeholder = (): MessageNode | undefined => {
    const start = i
    const name = sticky(NAME, text, i + 1)
    if (!name) return undefined
    let j = i + 1 + name.length
    j += sticky(SPACE, text, j)!.length
    if (text[j] === '}') {
      i = j + 1
      return { type: 'arg', name }
    }
    if (text[j] !== ',') return undefined
    j++
    j += sticky(SPACE, text, j)!.length
    const kind = sticky(NAME, text, j)
    if (kind !== 'plural' && kind !== 'select') return undefined
    i = j + kind.length
    skip()
    if (text[i] !== ',') throw new MessageSyntaxError(`{${name}, ${kind}: expected "," after "${kind}"`, i)
    i++
    const options = new Map<string, MessageNode[]>()
    for (;;) {
      skip()
      if (text[i] === '}') break
      const selector = sticky(SELECTOR, text, i)
      if (!selector)
        throw new MessageSyntaxError(
          `{${name}, ${kind}: expected a ${kind === 'plural' ? 'category (zero, one, two, few, many, other or =N)' : 'value'} or "}" at "${text.slice(i, i + 12)}"`,
          i,
        )
      if (options.has(selector)) throw new MessageSyntaxError(`{${name}, ${kind}: "${selector}" appears twice`, i)
      i += selector.length
      skip()
      if (text[i] !== '{') throw new MessageSyntaxError(`{${name}, ${kind}: expected "{" after "${selector}"`, i)
      i++
      options.set(selector, message(kind === 'plural', true))
      if (text[i] !== '}') throw new MessageSyntaxError(`{${name}, ${kind}: "${selector} {" is never closed`, i)
      i++
    }
    i++
    if (!options.has('other')) throw new MessageSyntaxError(`{${name}, ${kind}: an "other" form is required`, start)
    return { type: kind, name, options, at: start }
  }

  return message(false, false)
}

export type Vars = Record<string, string | number>

const numberFormats = new Map<string, Intl.NumberFormat>()
const numberFormat = (locale: string) => {
  let f = numberFormats.get(locale)
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale)))
  return f
}
const pluralRules = new Map<string, Intl.PluralRules>()
const rulesFor = (locale: string) => {
  let rules = pluralRules.get(locale)
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)))
  return rules
}

/** The plural categories a locale's texts must give: ["one", "other"] for en, six for ar. */
const ORDER = ['zero', 'one', 'two', 'few', 'many', 'other']
export const pluralCategories = (locale: string): string[] =>
  [...rulesFor(locale).resolvedOptions().pluralCategories].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))

/** Fills a parsed text. An unknown {name} stays visible rather than blank. */
export function formatMessage(nodes: MessageNode[], vars: Vars, locale: string, count?: number): string {
  let out = ''
  for (const node of nodes) {
    if (typeof node === 'string') out += node
    else if (node.type === 'pound') out += count === undefined ? '#' : numberFormat(locale).format(count)
    else if (node.type === 'arg') out += node.name in vars ? String(vars[node.name]) : `{${node.name}}`
    else {
      const value = vars[node.name]
      if (value === undefined) {
        out += `{${node.name}}`
        continue
      }
      let branch: MessageNode[] | undefined
      if (node.type === 'plural') {
        const n = Number(value)
        branch = node.options.get(`=${n}`) ?? node.options.get(rulesFor(locale).select(n))
        branch = branch ?? node.options.get('other')
        out += formatMessage(branch!, vars, locale, n)
      } else {
        branch = node.options.get(String(value)) ?? node.options.get('other')
        out += formatMessage(branch!, vars, locale, count)
      }
    }
  }
  return out
}

/** Every placeholder name a parsed text uses, plural/select arguments included. */
export function argumentNames(nodes: MessageNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (typeof node === 'string' || node.type === 'pound') continue
    into.add(node.name)
    if (node.type !== 'arg') for (const branch of node.options.values()) argumentNames(branch, into)
  }
  return into
}

/** Every plural/select form of a parsed text, nested ones included. */
export function forms(nodes: MessageNode[], into: Extract<MessageNode, { type: 'plural' | 'select' }>[] = []) {
  for (const node of nodes) {
    if (typeof node === 'string' || (node.type !== 'plural' && node.type !== 'select')) continue
    into.push(node)
    for (const branch of node.options.values()) forms(branch, into)
  }
  return into
}
