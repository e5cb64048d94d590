// Prints a Sheet (./data-sheet.ts) as a tagged PDF with Typst, through its Node binding: a native
// module from npm, so printing needs no browser and nothing beyond `npm ci`. The layout is
// ./sheet.typ; the fonts (./fonts.ts) are embedded, subset, in every PDF.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler'
import { FONT_FILES, fontBlobs } from './fonts'
import type { Sheet } from './data-sheet'

const require = createRequire(import.meta.url)
// Read from the project root, as the build runs, so that a bundled copy of this script finds them
const TEMPLATE = 'scripts/documents/sheet.typ'
const LOGO = 'public/logo.svg'
const SELF = 'scripts/documents/print.ts'

let compiler: NodeCompiler | undefined
let template: string | undefined

/**
 * What else than the sheet decides a PDF's bytes: the layout, the logo, the fonts, the engine's
 * version and this file (its changes to the PDF). A cached PDF is keyed by this and the sheet.
 */
export function printKey(): string {
  const version = (pkg: string) => (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version
  const hash = createHash('sha256')
  for (const file of [TEMPLATE, LOGO, SELF]) hash.update(readFileSync(file)).update('\0')
  for (const pkg of ['@myriaddreamin/typst-ts-node-compiler', '@expo-google-fonts/noto-sans', '@expo-google-fonts/ibm-plex-sans-arabic'])
    hash.update(`${pkg}@${version(pkg)}\0`)
  hash.update(FONT_FILES.join('\0'))
  return hash.digest('hex')
}

/** The PDF of a sheet. Throws Typst's diagnostics, naming the layout's line, when the layout fails. */
export function printSheet(sheet: Sheet): Buffer {
  if (!compiler) {
    compiler = NodeCompiler.create({ workspace: '/', fontArgs: [{ fontBlobs: fontBlobs() }] })
    compiler.mapShadow('/logo.svg', readFileSync(LOGO))
    template = readFileSync(TEMPLATE, 'utf8')
  }
  const compiled = compiler.compile({ mainFileContent: template!, inputs: { sheet: JSON.stringify(sheet) } })
  const doc = compiled.result
  if (!doc || compiled.hasError()) {
    const error = compiled.takeError()
    const messages = error
      ? compiler.fetchDiagnostics(error).map((d: { message?: string; range?: string }) => `${TEMPLATE}:${d.range ?? ''} ${d.message ?? JSON.stringify(d)}`)
      : []
    throw new Error(`documents: ${sheet.title} (${sheet.lang}) could not be laid out:\n${messages.join('\n') || 'no diagnostics'}`)
  }
  const pdf = compiler.pdf(doc, { pdfTags: true })
  return sheet.dir === 'rtl' ? logicalLigatureText(pdf, sheet.title) : pdf
}

/** Arabic letters (not marks, digits or punctuation): what a ligature glyph stands for. */
const ARABIC_LETTER = /^[\u0620-\u064A\u066E-\u066F\u0671-\u06D3\u06D5\u06EE-\u06FF]$/u

/**
 * The text of an Arabic ligature glyph (لا, and the joins IBM Plex Sans Arabic draws as one
 * glyph: نز, تر, في …) stored in reverse, so that text extractors restore it. Right-to-left text
 * stands in the PDF in visual order (Typst marks it /ReversedChars), and poppler and pdf.js
 * alike turn it into reading order by reversing its characters, the two letters of a ligature
 * glyph's text included: "إلى" came out "إىل". Stored reversed, they come out as written
 * (docs/DOCUMENTS.md has the measurements). Each entry keeps its length, so the PDF's byte
 * offsets stay valid. Typst writes its ToUnicode maps uncompressed; should a release compress
 * them, this fails rather than quietly printing the worse text layer.
 */
export function logicalLigatureText(pdf: Buffer, name: string): Buffer {
  const text = pdf.toString('latin1')
  const maps = [...text.matchAll(/beginbfchar\n([\s\S]*?)endbfchar/g)]
  if (!maps.length)
    throw new Error(
      `documents: ${name}: no uncompressed ToUnicode map in the PDF, so its Arabic ligatures cannot be made searchable (see scripts/documents/print.ts)`,
    )
  const out = Buffer.from(pdf)
  for (const map of maps) {
    const start = map.index + 'beginbfchar\n'.length
    const entries = map[1]!.replace(/<([0-9A-F]{4})> <([0-9A-F]{8,})>/g, (entry, cid: string, hex: string) => {
      const chars = hex.match(/.{4}/g)!.map((h) => String.fromCodePoint(Number.parseInt(h, 16)))
      return chars.every((c) => ARABIC_LETTER.test(c))
        ? `<${cid}> <${chars
            .reverse()
            .map((c) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0'))
            .join('')}>`
        : entry
    })
    out.write(entries, start, 'latin1')
  }
  return out
}
