// `npm run dev` shows where a page quietly falls back (TRANSLATING.md, "See your changes live"):
// t() returns the English text, or the key when English lacks it too, wrapped in invisible
// markers that carry the key; once the page is rendered, the markers in the page's text become
// <mark data-missing-translation="key"> and a banner counts them. Elsewhere (attributes, <title>,
// JSON in scripts, an island's #root, which the browser renders again without markers) they are
// removed, and the banner still counts and names the key.
//
// Server only, and only in the dev server: the flag needs Vite's import.meta.env.DEV, which the
// production bundle has as the constant false, and DEV_MARK_MISSING=1, which scripts/dev.ts sets.
import type { Dictionary, Translate } from './types'

// Private-use code points: no content file holds them, and they pass React's escaping unchanged.
const OPEN = '\uE000'
const SEP = '\uE001'
const CLOSE = '\uE002'

/**
 * Vite's import.meta.env.DEV: true in the dev server, the constant false in the production
 * bundle; where Vite does not run (tsx: the build's tasks) there is no env object to read, and
 * reading DEV throws. (Vike replaces the env object on its own, without a field, with null.)
 */
function viteDev(): boolean {
  try {
    return import.meta.env.DEV === true
  } catch {
    return false
  }
}

/** Whether fallbacks are marked: the Vite dev server (DEV) started by scripts/dev.ts (DEV_MARK_MISSING=1). */
export function missingMarksOn(dev = viteDev(), env: Record<string, string | undefined> = process.env): boolean {
  return dev && env.DEV_MARK_MISSING === '1'
}

/** The text t() gives for a key the locale lacks, with the key in front, both invisible until rendered. */
export const markMissing = (key: string, text: string) => `${OPEN}${key}${SEP}${text}${CLOSE}`

/** t() that marks what it takes from the fallback (`primary` lacks the key or has it empty), when `on`. */
export function markingFallbacks(t: Translate, primary: Dictionary, on = missingMarksOn()): Translate {
  if (!on) return t
  return ((key: string, vars) => {
    const text = t(key as never, vars)
    return primary[key] ? text : markMissing(key, text)
  }) as Translate
}

const MARKED = new RegExp(`${OPEN}([^${SEP}${CLOSE}]*)${SEP}([^${OPEN}${SEP}${CLOSE}]*)${CLOSE}`, 'g')
const KEY_PART = new RegExp(`${OPEN}([^${OPEN}${SEP}${CLOSE}]*)${SEP}`, 'g')
const ANY = new RegExp(`[${OPEN}${SEP}${CLOSE}]`, 'g')
// encodeURIComponent() of a marked text (a mailto: subject, a share link): the same, percent-encoded.
const ENCODED_KEY = /%EE%80%80(.*?)%EE%80%81/g
const ENCODED_CLOSE = /%EE%80%82/g
/** Elements whose content is not page text: markers there are removed, never turned into <mark>. */
const RAW = /^<(script|style|title|textarea|template)\b/i

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)

/** Removes the markers from HTML or JSON that is not page text, adding their keys to `keys`. */
export function stripMarks(text: string, keys: Set<string> = new Set()): string {
  if (!text.includes(OPEN) && !text.includes('%EE%80%80')) return text
  return text
    .replace(KEY_PART, (_, key: string) => {
      keys.add(key)
      return ''
    })
    .replace(ENCODED_KEY, (_, key: string) => {
      keys.add(decodeURIComponent(key))
      return ''
    })
    .replace(ANY, '')
    .replace(ENCODED_CLOSE, '')
}

/**
 * The rendered page with each marked text in its text content as
 * <mark data-missing-translation="key">English text</mark>, and every other marker removed;
 * `keys` lists each key marked anywhere on the page, once.
 */
export function renderMarks(html: string): { html: string; keys: string[] } {
  const keys = new Set<string>()
  if (!html.includes(OPEN) && !html.includes('%EE%80%80')) return { html, keys: [] }
  let out = ''
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    const text = html.slice(i, lt < 0 ? html.length : lt)
    out += stripMarks(
      text.replace(MARKED, (_, key: string, shown: string) => {
        keys.add(key)
        const kind = shown === key ? ' data-missing-in="en"' : ''
        return `<mark class="dev-missing-translation" data-missing-translation="${escapeAttr(key)}"${kind} title="${escapeAttr(key)}">${shown}</mark>`
      }),
      keys,
    )
    if (lt < 0) break
    const end = tagEnd(html, lt)
    const tag = html.slice(lt, end)
    const raw = RAW.exec(tag)
    if (raw) {
      // The element's content up to its end tag is not text: strip, never mark.
      const close = html.toLowerCase().indexOf(`</${raw[1]!.toLowerCase()}`, end)
      const stop = close < 0 ? html.length : close
      out += stripMarks(tag, keys) + stripMarks(html.slice(end, stop), keys)
      i = stop
    } else {
      out += stripMarks(tag, keys)
      i = end
    }
  }
  return { html: out, keys: [...keys] }
}

/** The index after the `>` ending the tag that starts at `lt` (quoted attribute values may hold `>`). */
function tagEnd(html: string, lt: number): number {
  let quote = ''
  for (let j = lt + 1; j < html.length; j++) {
    const c = html[j]
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (c === '>') return j + 1
  }
  return html.length
}

/**
 * The dev banner: how many texts of this page the locale lacks, with their keys; '' when none.
 * `languageName` is null on the source language's pages, where a missing text shows its key.
 */
export function missingBanner(keys: string[], languageName: string | null): string {
  if (!keys.length) return ''
  const n = keys.length
  const what = languageName ? `not translated into ${escapeAttr(languageName)}` : 'missing in the source language'
  const list = keys
    .sort()
    .map((k) => `<li><code>${escapeAttr(k)}</code></li>`)
    .join('')
  return `<style>.dev-missing-translation{background:#ffe066;color:#000;outline:2px dashed #c2410c;outline-offset:1px}.dev-missing-translation[data-missing-in]{background:#fecaca}#dev-missing-translations{position:fixed;inset:auto 1rem 1rem auto;z-index:2147483647;max-width:24rem;max-height:50vh;overflow:auto;background:#fff8db;color:#000;border:2px solid #c2410c;border-radius:.5rem;padding:.5rem .75rem;font:14px/1.4 system-ui,sans-serif;direction:ltr;text-align:left}#dev-missing-translations ul{margin:.25rem 0 0;padding-left:1.25rem}</style>
<aside id="dev-missing-translations" role="status" data-missing-translations="${n}"><details><summary>${n} text${n === 1 ? '' : 's'} on this page ${n === 1 ? 'is' : 'are'} ${what} (dev server only)</summary>Shown in English and marked; a red mark is missing in English too and shows its key. Keys:<ul>${list}</ul></details></aside>`
}
