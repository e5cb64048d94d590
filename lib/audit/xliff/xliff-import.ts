// Writes the targets of an XLIFF 2.0 file (from `npm run i18n:export`, filled by a CAT tool) back
// into the translation YAML/MDX files: `npm run i18n:import -- <file.xlf>`. Edits go through the
// `yaml` Document API, so comments, key order and quoting of everything else stay as they were;
// a missing key is inserted where English has it, a missing file starts as a copy of English.
// Texts whose English source is unchanged since the export are recorded as current in the lock,
// with the segment's state (initial, translated, reviewed, final; none: translated).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { isMap, isScalar, isSeq, parseDocument, Scalar, visit, type Document, type Node, type YAMLMap, type YAMLSeq } from 'yaml'
import type { Unit } from '../collect'
import { DEFAULT_STATE, isReviewState, lockFileText, lockPathFor, readLockFile, sourceHash } from '../lock'
import type { AuditInput } from '../run'
import { SOURCE_HASH } from './xliff-export'
import { parseXliff } from './xliff'

export class ImportError extends Error {
  override name = 'ImportError'
}

export type ImportResult = { locale: string; written: string[]; imported: number; locked: number; skipped: string[]; states: Record<string, number> }

const FRONTMATTER = /^---\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/
const trailing = (text: string) => /\s*$/.exec(text)![0]
/** Document text with the original file's ending (yaml drops a final blank line). */
const render = (doc: Document, original: string) => doc.toString({ lineWidth: 0 }).trimEnd() + (trailing(original) || '\n')

type Container = YAMLMap<unknown, unknown> | YAMLSeq<unknown>
const segmentsOf = (key: string) => key.match(/\[[^\]]*\]|[^.]+/g) ?? []

/** A new scalar quoted like its neighbours, so a file of "quoted" texts stays that way. */
function scalarLike(text: string, neighbour: unknown): Scalar {
  const node = new Scalar(text)
  if (isScalar(neighbour) && typeof neighbour.value === 'string' && neighbour.type && neighbour.type !== 'BLOCK_FOLDED' && neighbour.type !== 'BLOCK_LITERAL')
    node.type = neighbour.type
  return node
}

function setScalar(parent: Container, at: unknown, text: string) {
  const current = parent.get(at as never, true)
  if (isScalar(current)) {
    current.value = text
    return
  }
  const items = parent.items as unknown[]
  const neighbour = isMap(parent) ? parent.items.map((p) => p.value).find((v) => isScalar(v)) : items.find((v) => isScalar(v))
  parent.set(at as never, scalarLike(text, neighbour))
}

/** How a scalar of this style is written: the text in that style when YAML reads it back the same, else double-quoted. */
function scalarSource(text: string, type: string | undefined, flow: boolean): string {
  const quoted = JSON.stringify(text) // a JSON string is a valid YAML double-quoted scalar
  if (type === 'QUOTE_DOUBLE' || text.includes('\n')) return quoted
  if (type === 'QUOTE_SINGLE') return `'${text.replace(/'/g, "''")}'`
  if (flow && /[,[\]{}]/.test(text)) return quoted
  try {
    const back = parseDocument(`k: ${text}\n`)
    if (!back.errors.length && back.get('k') === text && !/ #|^[-?:,[\]{}#&*!|>'"%@`\s]|\s$/.test(text)) return text
  } catch {
    // not plain-safe
  }
  return quoted
}

/** The quoting most texts (strings with a space) of a file use: translators' files are consistent. */
function textStyle(doc: Document): Scalar['type'] | undefined {
  const counts = new Map<Scalar['type'], number>()
  visit(doc, {
    Scalar: (_, node) => {
      if (typeof node.value === 'string' && /\s/.test(node.value)) counts.set(node.type, (counts.get(node.type) ?? 0) + 1)
    },
  })
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
}

/** The node at a key path (segments), if the whole path exists, and whether it sits in a flow collection. */
function findNode(doc: Document, segments: string[], linkField: string | undefined): { node: unknown; flow: boolean } | undefined {
  let node: unknown = doc.contents
  let flow = false
  for (const seg of segments) {
    if (isMap(node)) node = node.get(seg, true)
    else if (isSeq(node)) {
      const link = /^\[(.*)\]$/.exec(seg)?.[1]
      node = link !== undefined ? (linkField ? node.items[linkIndex(node, link, linkField)] : undefined) : node.items[Number(seg)]
    } else return undefined
    if (node === undefined || node === null) return undefined
    if ((isMap(node) || isSeq(node)) && node.flow) flow = true
  }
  return { node, flow }
}

function findScalar(doc: Document, key: string, flat: boolean, linkField: string | undefined): { node: Scalar; flow: boolean } | undefined {
  const found = findNode(doc, flat ? [key] : segmentsOf(key), linkField)
  return found && isScalar(found.node) && found.node.range ? { node: found.node, flow: found.flow } : undefined
}

/**
 * A missing last key of a map that exists, as text: a new line in a block map (indented like its
 * siblings), "key: value" in a flow map; after the nearest key that precedes it in English.
 */
function insertKey(text: string, doc: Document, english: Document, segments: string[], value: string, linkField: string | undefined): string | undefined {
  const key = segments.at(-1)!
  const parent = findNode(doc, segments.slice(0, -1), linkField)
  const enParent = findNode(english, segments.slice(0, -1), linkField)
  const map = parent?.node
  if (!isMap(map) || !map.items.length || !map.range) return undefined
  const keyOf = (p: { key: unknown }) => (isScalar(p.key) ? String(p.key.value) : '')
  const order = isMap(enParent?.node) ? enParent.node.items.map(keyOf) : []
  let previous: (typeof map.items)[number] | undefined
  for (let i = order.indexOf(key) - 1; i >= 0 && !previous; i--) previous = map.items.find((p) => keyOf(p) === order[i])
  const anchor = previous ?? map.items[0]!
  const anchorKey = anchor.key as Node
  const anchorValue = anchor.value as Node | null
  // Quoted like the text before it, else like most texts of the file, else like English.
  const enNode = isMap(enParent?.node) ? enParent.node.get(key, true) : undefined
  const isText = (n: unknown): n is Scalar => isScalar(n) && typeof n.value === 'string' && /\s/.test(n.value)
  const type = previous && isText(anchorValue) ? anchorValue.type : (textStyle(doc) ?? (isScalar(enNode) ? enNode.type : undefined))
  const flow = Boolean(map.flow || parent!.flow)
  const pair = `${key}: ${scalarSource(value, type, flow)}`
  if (flow) {
    if (previous) {
      const end = anchorValue?.range?.[1] ?? anchorKey.range![1]
      return `${text.slice(0, end)}, ${pair}${text.slice(end)}`
    }
    return `${text.slice(0, anchorKey.range![0])}${pair}, ${text.slice(anchorKey.range![0])}`
  }
  const lineStart = text.lastIndexOf('\n', anchorKey.range![0] - 1) + 1
  const prefix = text.slice(lineStart, anchorKey.range![0])
  if (!/^(?:[ ]*- )*[ ]*$/.test(prefix)) return undefined
  const indent = ' '.repeat(prefix.length)
  // The first key of a list item ("- label: …"): the new key takes its place after the "- ".
  if (!previous && prefix.trim()) return `${text.slice(0, anchorKey.range![0])}${pair}\n${indent}${text.slice(anchorKey.range![0])}`
  if (previous) {
    const end = anchorValue?.range?.[1] ?? anchorKey.range![1]
    const eol = text.indexOf('\n', end)
    const at = eol < 0 ? text.length : eol + 1
    return `${text.slice(0, at)}${eol < 0 ? '\n' : ''}${indent}${pair}\n${text.slice(at)}`
  }
  return `${text.slice(0, lineStart)}${indent}${pair}\n${text.slice(lineStart)}`
}

/**
 * Applies the edits to a YAML text with the least change: a text that exists is replaced in
 * place (same quoting), a missing UI key becomes a new line; anything else (a missing list item or
 * block) goes through the Document API, which re-renders that file.
 */
function editYaml(
  base: string,
  englishText: string,
  edits: { key: string; text: string; flat: boolean }[],
  linkField: string | undefined,
  where: string,
): string {
  let text = base
  const english = parseDocument(englishText)
  const rest: typeof edits = []
  for (const edit of edits) {
    const doc = parseDocument(text)
    if (doc.errors.length) throw new ImportError(`${where}: cannot be read: ${doc.errors[0]!.message.split('\n')[0]}`)
    const found = findScalar(doc, edit.key, edit.flat, linkField)
    if (found) {
      const [start, end] = found.node.range!
      text = text.slice(0, start) + scalarSource(edit.text, found.node.type, found.flow) + text.slice(end)
      continue
    }
    const segments = edit.flat ? [edit.key] : segmentsOf(edit.key)
    const inserted = /^\[|^\d+$/.test(segments.at(-1)!) ? undefined : insertKey(text, doc, english, segments, edit.text, linkField)
    if (inserted !== undefined) text = inserted
    else rest.push(edit)
  }
  if (rest.length) {
    const doc = parseDocument(text)
    for (const edit of rest) setPath(doc, english, edit.key, edit.text, edit.flat, linkField, where)
    text = render(doc, text)
  }
  // Read back: every text must now be exactly what the translator wrote.
  const check = parseDocument(text)
  for (const edit of edits) {
    const found = findScalar(check, edit.key, edit.flat, linkField)
    if (!found || found.node.value !== edit.text)
      throw new ImportError(`${where}: ${edit.key}: could not be written back exactly; please report this with the XLIFF file`)
  }
  return text
}

/** Index of the list item linking to `target` ("to: quote"), by the audit's linkField. */
const linkIndex = (seq: YAMLSeq<unknown>, target: string, linkField: string) => seq.items.findIndex((item) => isMap(item) && item.get(linkField) === target)

/** Inserts `key: value` into `map` after the nearest key that precedes it in the English map. */
function insertPair(map: YAMLMap<unknown, unknown>, key: string, value: unknown, english: YAMLMap<unknown, unknown> | undefined) {
  map.set(key, value)
  if (!english) return
  const order = english.items.map((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)))
  const added = map.items.pop()!
  let at = 0
  for (let i = order.indexOf(key) - 1; i >= 0; i--) {
    const found = map.items.findIndex((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === order[i])
    if (found >= 0) {
      at = found + 1
      break
    }
  }
  map.items.splice(at, 0, added as never)
}

/** Sets the text at a key path ("blocks.2.actions.[quote].label"), creating what is missing from English. */
function setPath(doc: Document, english: Document, key: string, text: string, flat: boolean, linkField: string | undefined, where: string) {
  if (!isMap(doc.contents)) doc.contents = doc.createNode({}) as never
  const segments = flat ? [key] : segmentsOf(key)
  let node = doc.contents as unknown as Container
  let en: unknown = english.contents
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!
    const last = i === segments.length - 1
    if (isMap(node)) {
      const enChild = isMap(en) ? en.get(seg, true) : undefined
      if (last) {
        if (!node.has(seg))
          insertPair(
            node,
            seg,
            scalarLike(
              text,
              node.items.map((p) => p.value).find((v) => isScalar(v)),
            ),
            isMap(en) ? en : undefined,
          )
        else setScalar(node, seg, text)
        return
      }
      if (!node.has(seg)) {
        if (!enChild) throw new ImportError(`${where}: ${key}: English has no "${segments.slice(0, i + 1).join('.')}"`)
        insertPair(node, seg, (enChild as Node).clone(), isMap(en) ? en : undefined)
      }
      node = node.get(seg, true) as unknown as Container
      en = enChild
    } else if (isSeq(node)) {
      const link = /^\[(.*)\]$/.exec(seg)?.[1]
      let index: number
      let enIndex: number
      if (link !== undefined) {
        if (!linkField) throw new ImportError(`${where}: ${key}: a linked item needs linkField in content/audit.yml`)
        index = linkIndex(node, link, linkField)
        enIndex = isSeq(en) ? linkIndex(en, link, linkField) : -1
      } else {
        index = enIndex = Number(seg)
        if (index > node.items.length)
          throw new ImportError(`${where}: ${key}: item ${seg} comes after the ${node.items.length} items of the translation; import the items before it first`)
        if (index === node.items.length) index = -1
      }
      const enChild = isSeq(en) && enIndex >= 0 ? en.items[enIndex] : undefined
      if (index < 0) {
        if (!enChild) throw new ImportError(`${where}: ${key}: English has no "${segments.slice(0, i + 1).join('.')}"`)
        index = Math.min(enIndex, node.items.length)
        node.items.splice(
          index,
          0,
          last
            ? scalarLike(
                text,
                node.items.find((v) => isScalar(v)),
              )
            : (enChild as Node).clone(),
        )
        if (last) return
      } else if (last) {
        setScalar(node, index, text)
        return
      }
      node = node.items[index] as Container
      en = enChild
    } else {
      throw new ImportError(`${where}: ${key}: "${segments.slice(0, i).join('.')}" is a text, not a list or map`)
    }
  }
}

export function importXliff(xml: string, input: AuditInput, shownAs: string, cwd = process.cwd()): ImportResult {
  const doc = parseXliff(xml, shownAs)
  const [source, ...others] = input.routes.locales
  const locale = doc.trgLang
  if (!others.includes(locale)) throw new ImportError(`${shownAs}: trgLang "${locale}" is not a translated locale (${others.join(', ')})`)
  if (doc.srcLang !== source) throw new ImportError(`${shownAs}: srcLang "${doc.srcLang}" is not the source language ${source}`)
  const english = input.byLocale.get(source!)
  // Every English unit by the translation file it belongs in and its key.
  const byFile = new Map<string, Map<string, Unit>>()
  for (const unit of english?.units.values() ?? []) {
    const file = unit.at.inLocale(locale)
    const units = byFile.get(file) ?? new Map<string, Unit>()
    byFile.set(file, units)
    units.set(unit.key, unit)
  }

  const result: ImportResult = { locale, written: [], imported: 0, locked: 0, skipped: [], states: {} }
  for (const file of doc.files) {
    const original = relative(cwd, resolve(cwd, file.original)).split('\\').join('/')
    const units = byFile.get(original)
    if (!units)
      throw new ImportError(
        `${shownAs}: <file original="${file.original}">: not a ${locale} translation file of ${input.show('')} (export again with npm run i18n:export -- ${locale})`,
      )
    const first = [...units.values()][0]!
    const current = input.byLocale.get(locale)?.units
    // A stale text sent back as exported, still in state "initial", was not reviewed: leave it stale.
    const unreviewed = (u: (typeof file.units)[number]) => (!u.state || u.state === 'initial') && current?.get(`${first.at.prefix}:${u.key}`)?.text === u.target
    const filled = file.units.filter((u) => u.target !== undefined && u.target.trim() !== '' && !unreviewed(u))
    for (const u of file.units) {
      if (filled.includes(u)) continue
      result.skipped.push(`${original}: ${u.key} (${u.target?.trim() ? 'unchanged and still in state "initial": not reviewed' : 'no target'})`)
    }
    if (!filled.length) continue
    const englishPath = join(input.contentDir, first.at.rel)
    const path = resolve(cwd, original)
    const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined
    const base = before ?? readFileSync(englishPath, 'utf8')
    const englishText = readFileSync(englishPath, 'utf8')
    const where = `${shownAs}: ${original}`
    const lockRel = lockPathFor(input.config.lock, relative(input.contentDir, path).split('\\').join('/'))
    const lock = readLockFile(join(input.contentDir, lockRel), input.show(lockRel))
    let lockChanged = false

    let text: string
    const isMdx = /\.mdx?$/.test(original)
    if (isMdx) {
      const match = FRONTMATTER.exec(base)
      const enMatch = FRONTMATTER.exec(englishText)
      let body = match ? base.slice(match[0].length) : base
      const fields: { key: string; text: string; flat: boolean }[] = []
      for (const u of filled) {
        if (!units.has(u.key)) throw new ImportError(`${where}: ${u.key}: English has no such text (${first.at.file})`)
        if (u.key === 'body') {
          const lead = /^\s*/.exec(body)![0]
          body = lead + u.target!.replace(/\r\n/g, '\n').trim() + (trailing(body) || '\n')
        } else fields.push({ key: u.key, text: u.target!, flat: false })
      }
      const frontText = fields.length ? editYaml(match?.[1] ?? '', enMatch?.[1] ?? '', fields, input.config.linkField, where) : (match?.[1] ?? '')
      text = `---\n${frontText}---${match ? match[0].slice(match[0].lastIndexOf('---') + 3) : '\n'}${body}`
    } else {
      const edits = filled.map((u) => {
        const unit = units.get(u.key)
        if (!unit) throw new ImportError(`${where}: ${u.key}: English has no such text (${first.at.file})`)
        return { key: u.key, text: u.target!, flat: unit.ui }
      })
      text = editYaml(base, englishText, edits, input.config.linkField, where)
    }
    for (const u of filled) {
      result.imported++
      const unit = units.get(u.key)!
      const exported = u.notes.find((n) => n.category === SOURCE_HASH)?.text
      const hash = sourceHash(unit.text ?? '')
      if (u.state && !isReviewState(u.state))
        throw new ImportError(`${where}: ${u.key}: segment state "${u.state}" is not an XLIFF 2.0 state (initial, translated, reviewed, final)`)
      const state = u.state ?? DEFAULT_STATE
      const before = lock.get(u.key)
      // Translated from the English text that is still current: record it and its state, so it is not stale.
      if (exported === hash && (before?.hash !== hash || before.state !== state)) {
        lock.set(u.key, { hash, state })
        lockChanged = true
        result.locked++
        result.states[state] = (result.states[state] ?? 0) + 1
      } else if (exported !== hash) result.skipped.push(`${original}: ${u.key} (imported, but the English text changed since the export: left stale)`)
    }
    if (text !== before) {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, text)
      result.written.push(original)
    }
    if (lockChanged) {
      const lockPath = join(input.contentDir, lockRel)
      mkdirSync(dirname(lockPath), { recursive: true })
      writeFileSync(lockPath, lockFileText(lock))
      result.written.push(input.show(lockRel))
    }
  }
  return result
}
