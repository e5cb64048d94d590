// XLIFF 2.0 (OASIS, urn:oasis:names:tc:xliff:document:2.0) for translation agencies: one <file>
// per translation file (original = its path), one <unit> per text (name = its key), the English
// text as <source>, notes for the translator, the current translation (if any) as <target>.
// Written by hand with full escaping; read with fast-xml-parser, keeping <source>/<target> raw so
// that the text comes back exactly, character for character (tests/unit/xliff.test.ts).
import { XMLParser } from 'fast-xml-parser'

export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0'

export type XliffNote = { category: string; text: string }
export type XliffUnit = { key: string; source: string; target?: string; state?: 'initial' | 'translated' | 'reviewed' | 'final'; notes: XliffNote[] }
export type XliffFile = { original: string; units: XliffUnit[] }
export type XliffDocument = { srcLang: string; trgLang: string; files: XliffFile[] }

export class XliffError extends Error {
  override name = 'XliffError'
}

/** Text content: &, <, > escaped; CR and other characters XML would normalise as references. */
export const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;').replace(/\t/g, '&#x9;')
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#xA;')

export function buildXliff(doc: XliffDocument): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NS}" version="2.0" srcLang="${escapeAttr(doc.srcLang)}" trgLang="${escapeAttr(doc.trgLang)}">`,
  ]
  doc.files.forEach((file, f) => {
    out.push(`  <file id="f${f + 1}" original="${escapeAttr(file.original)}">`)
    file.units.forEach((unit, u) => {
      // Unit ids are NMTOKENs; the key (with "[", "/") goes in name.
      out.push(`    <unit id="u${u + 1}" name="${escapeAttr(unit.key)}">`)
      if (unit.notes.length) {
        out.push('      <notes>')
        for (const note of unit.notes) out.push(`        <note category="${escapeAttr(note.category)}">${escapeText(note.text)}</note>`)
        out.push('      </notes>')
      }
      out.push(`      <segment${unit.state ? ` state="${unit.state}"` : ''}>`)
      out.push(`        <source xml:space="preserve">${escapeText(unit.source)}</source>`)
      if (unit.target !== undefined) out.push(`        <target xml:space="preserve">${escapeText(unit.target)}</target>`)
      out.push('      </segment>')
      out.push('    </unit>')
    })
    out.push('  </file>')
  })
  out.push('</xliff>', '')
  return out.join('\n')
}

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** The raw inner XML of <source>/<target> as text. Inline codes (<ph/>, <pc>) are not supported. */
function innerText(raw: string, where: string): string {
  const cdata = raw.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, body: string) => escapeText(body))
  if (/</.test(cdata)) throw new XliffError(`${where}: inline markup (${/<[^>]*>/.exec(cdata)?.[0]}) is not supported; export plain text from your CAT tool`)
  return cdata
    .replace(/\r\n?/g, '\n')
    .replace(ENTITY, (_, hex?: string, dec?: string, name?: string) => (name ? NAMED[name]! : String.fromCodePoint(parseInt(hex ?? dec!, hex ? 16 : 10))))
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])
type Raw = Record<string, unknown>
const attr = (node: Raw, name: string) => (typeof node[`@_${name}`] === 'string' ? (node[`@_${name}`] as string) : undefined)
const rawText = (node: unknown) => (typeof node === 'string' ? node : typeof node === 'object' && node ? String((node as Raw)['#text'] ?? '') : '')

export function parseXliff(xml: string, shownAs = 'XLIFF'): XliffDocument {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: false,
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    // Kept raw and decoded by innerText, so no whitespace or character is lost on the way.
    stopNodes: ['xliff.file.unit.segment.source', 'xliff.file.unit.segment.target'],
    isArray: (name) => ['file', 'unit', 'segment', 'note', 'ignorable'].includes(name),
  })
  let data: Raw
  try {
    data = parser.parse(xml, true) as Raw
  } catch (error) {
    const e = error as { message?: string; err?: { msg: string; line: number } }
    throw new XliffError(`${shownAs}: not well-formed XML: ${e.err ? `line ${e.err.line}: ${e.err.msg}` : e.message}`)
  }
  const root = data.xliff as Raw | undefined
  if (!root) throw new XliffError(`${shownAs}: no <xliff> element`)
  if (attr(root, 'version') !== '2.0' && attr(root, 'version') !== '2.1')
    throw new XliffError(`${shownAs}: XLIFF version ${attr(root, 'version') ?? '(none)'} is not supported; use XLIFF 2.0`)
  const srcLang = attr(root, 'srcLang')
  const trgLang = attr(root, 'trgLang')
  if (!srcLang || !trgLang) throw new XliffError(`${shownAs}: <xliff> needs srcLang and trgLang`)
  const files = asArray(root.file as Raw[]).map((file): XliffFile => {
    const original = attr(file, 'original')
    if (!original) throw new XliffError(`${shownAs}: <file id="${attr(file, 'id')}"> has no original (the translation file it belongs to)`)
    const units = asArray(file.unit as Raw[]).map((unit): XliffUnit => {
      const key = attr(unit, 'name')
      const where = `${shownAs}: ${original}: unit ${attr(unit, 'id')}${key ? ` (${key})` : ''}`
      if (!key) throw new XliffError(`${where}: no name (the key of the text)`)
      const segments = asArray(unit.segment as Raw[])
      const targets = segments.map((s) => s.target).filter((t) => t !== undefined)
      const notes = asArray((unit.notes as Raw | undefined)?.note as Raw[]).map((n) => ({ category: attr(n, 'category') ?? '', text: rawText(n) }))
      const state = segments.length ? attr(segments[0]!, 'state') : undefined
      return {
        key,
        ...(state ? { state: state as XliffUnit['state'] } : {}),
        source: segments.map((s) => innerText(rawText(s.source), where)).join(''),
        ...(targets.length ? { target: targets.map((t) => innerText(rawText(t), where)).join('') } : {}),
        notes,
      }
    })
    return { original, units }
  })
  return { srcLang, trgLang, files }
}
