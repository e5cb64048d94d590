// The text layer of a printed sheet, as a reader's software reads it, against the content it was
// printed from: poppler (pdftotext, as most Linux readers and many search indexers) and pdf.js
// (unpdf, as Firefox). Used by ./measure-text-layer.ts and tests/unit/documents.test.ts.
import { execFileSync } from 'node:child_process'
import { extractText, getDocumentProxy } from 'unpdf'
import type { Run, Sheet } from './data-sheet'

const runText = (runs: Run[]) => runs.map((r) => ('text' in r ? r.text : r.ltr)).join('')

/** Whitespace collapsed, without the direction marks and embeddings extractors put around right-to-left lines. */
export const normalize = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()

/** Every text the sheet prints, in reading order: the header, each block (a table row by row), the contact block, the footer. */
export function sheetTexts(sheet: Sheet): string[] {
  const out = [sheet.brand.name, ...(sheet.kind ? [sheet.kind] : []), sheet.heading]
  for (const b of sheet.blocks) {
    if (b.type === 'heading' || b.type === 'paragraph') out.push(runText(b.text))
    else if (b.type === 'rows') for (const [label, value] of b.rows) out.push(runText(label), runText(value))
    else if (b.type === 'table') out.push(...b.head.map(runText), ...b.rows.flatMap((row) => row.map(runText)))
    else out.push(...b.items.map(runText))
  }
  const c = sheet.contact
  out.push(c.heading, c.legalName, c.email, c.phone, c.url, runText(sheet.footer))
  return out.map(normalize)
}

/** The text poppler extracts (pdftotext, UTF-8). */
export const popplerText = (file: string) =>
  normalize(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))

/** The text pdf.js extracts (unpdf's extractText, pages merged). */
export const pdfjsText = async (pdf: Uint8Array) => normalize((await extractText(await getDocumentProxy(pdf), { mergePages: true })).text)

const words = (text: string) => text.split(' ').filter(Boolean)

/** How many of the words of `expected` the extracted text holds in the same order (a longest common subsequence). */
export function wordsInOrder(expected: string[], extracted: string): { found: number; total: number } {
  const want = expected.flatMap(words)
  const got = words(extracted)
  let prev = new Array<number>(got.length + 1).fill(0)
  for (const w of want) {
    const row = new Array<number>(got.length + 1).fill(0)
    for (let j = 1; j <= got.length; j++) row[j] = w === got[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!)
    prev = row
  }
  return { found: prev[got.length]!, total: want.length }
}

/** How many of the words of `expected` the extracted text holds, in any order (each extracted word counts once). */
export function wordsAnywhere(expected: string[], extracted: string): number {
  const have = new Map<string, number>()
  for (const w of words(extracted)) have.set(w, (have.get(w) ?? 0) + 1)
  let found = 0
  for (const w of expected.flatMap(words)) {
    const n = have.get(w) ?? 0
    if (n) {
      found++
      have.set(w, n - 1)
    }
  }
  return found
}

/** The texts of the sheet that the extracted text does not hold whole, in order (each one after the one before). */
export function missingTexts(expected: string[], extracted: string): string[] {
  const missing: string[] = []
  let at = 0
  for (const text of expected) {
    const i = extracted.indexOf(text, at)
    if (i < 0) missing.push(text)
    else at = i + text.length
  }
  return missing
}
